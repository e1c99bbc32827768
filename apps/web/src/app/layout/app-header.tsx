import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/auth';
import { useAppConfiguration } from '../../lib/config';
import { productName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useTopLevelDomain } from '../api/get-server-properties';
import { Icon } from '../../components/icon';
import { LanguageSwitcher } from './language-switcher';
import { MessageBell } from './message-bell';
import buildingIcon from 'bootstrap-icons/icons/building.svg?raw';
import globe2Icon from 'bootstrap-icons/icons/globe2.svg?raw';
import listIcon from 'bootstrap-icons/icons/list.svg?raw';

/**
 * The brand bar: '.{tld} registrar panel' (with a 'Demo' marker in demo mode) and the bell of the
 * registry's messages beside it, the signed-in
 * registrar, the language switcher, and the menu button on small screens.
 */
export function AppHeader({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const tld = useTopLevelDomain();
  const user = useCurrentUser();
  const { demoMode } = useAppConfiguration();
  const title = tld === undefined ? t('app.header.titleLoading') : t('app.header.title', { tld });

  // Every page's document title ends with it (lib/page-title.ts).
  useEffect(() => productName.set(title), [title]);

  return (
    <header className="app-header navbar navbar-dark sticky-top px-2 px-sm-3">
      <div className="d-flex align-items-center gap-1 gap-sm-2 min-w-0">
        <button
          type="button"
          className="btn app-menu-toggle d-lg-none"
          aria-controls="app-menu"
          aria-expanded={menuOpen}
          aria-label={t('app.header.toggleMenu')}
          onClick={onToggleMenu}
        >
          <Icon svg={listIcon} className="fs-4" />
        </button>
        <Link to={paths.generalData} className="navbar-brand d-flex align-items-center gap-2 me-0 min-w-0">
          {/* On a phone the product's name needs its room beside the language switcher. */}
          <span className="app-brand-mark d-none d-sm-inline-flex" aria-hidden="true">
            <Icon svg={globe2Icon} />
          </span>
          <span className="app-brand-text text-truncate" data-testid="app-title">
            {title}
          </span>
        </Link>
        {demoMode && (
          <span className="badge rounded-pill text-bg-warning app-demo-badge flex-shrink-0" title={t('app.header.demoTitle')} data-testid="demo-badge">
            {t('app.header.demo')}
          </span>
        )}
        <MessageBell />
      </div>
      <div className="d-flex align-items-center gap-2 flex-shrink-0">
        {user && (
          <span className="app-header-registrar d-none d-sm-inline-flex align-items-center gap-2" title={t('app.header.registrar')}>
            <Icon svg={buildingIcon} />
            <span className="visually-hidden">{t('app.header.registrar')}</span>
            {user.registrarHandle}
          </span>
        )}
        <LanguageSwitcher />
      </div>
    </header>
  );
}
