import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Outlet } from 'react-router';
import { useFocusAfterNavigation } from '../../lib/page-title';
import { AlertList } from './alert-list';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { CookieBanner } from './cookie-banner';
import { RegistrarStatusNotice } from './registrar-status-notice';
import { SideMenu } from './side-menu';
import { SpinnerOverlay } from './spinner-overlay';
import { useClearAlertsOnNavigation } from './use-clear-alerts-on-navigation';
import { useModalFocusTrap } from './use-modal-focus-trap';
import { languageToOffer } from '../../lib/language-choice';

// Loaded only in a browser that has an offer to see: most visits never download it.
const LanguageOffer = lazy(() => import('./language-offer').then((module) => ({ default: module.LanguageOffer })));

/** Header, left menu, content, footer; alerts, spinner overlay and cookie banner on top. */
export function Layout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [offer] = useState(languageToOffer);
  useClearAlertsOnNavigation();
  useFocusAfterNavigation();
  useModalFocusTrap();

  return (
    <div className="app-shell">
      <a href="#main-content" className="visually-hidden-focusable app-skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className="app-body">
        <SideMenu show={menuOpen} onHide={() => setMenuOpen(false)} />
        <div className="app-main">
          {offer && (
            <Suspense fallback={null}>
              <LanguageOffer offered={offer} />
            </Suspense>
          )}
          <AlertList />
          <main id="main-content" className="app-content card" tabIndex={-1}>
            <div className="card-body">
              <RegistrarStatusNotice />
              <Outlet />
            </div>
          </main>
          <AppFooter />
        </div>
      </div>
      <SpinnerOverlay />
      <CookieBanner />
    </div>
  );
}
