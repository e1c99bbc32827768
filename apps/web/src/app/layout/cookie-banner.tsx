import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { hasConsent, storeConsent } from './cookie-consent';
import { Icon } from '../../components/icon';
import cookieIcon from 'bootstrap-icons/icons/cookie.svg?raw';

/** Storage can be switched off by the browser; the banner then shows on every visit. */
function consentGiven(): boolean {
  try {
    return hasConsent(window.localStorage);
  } catch {
    return false;
  }
}

/** Shown at the bottom of the screen until the user closes it (spec section 4). */
export function CookieBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !consentGiven());
  if (!visible) return null;

  const close = () => {
    try {
      storeConsent(window.localStorage);
    } catch {
      // Not stored: the banner stays closed until the next visit.
    }
    setVisible(false);
  };

  return (
    <section className="app-cookie-banner shadow-lg" aria-label={t('app.cookieBanner.label')}>
      <div className="d-flex flex-column flex-md-row align-items-md-center gap-2 gap-md-3 px-3 px-md-4 py-3">
        <Icon svg={cookieIcon} className="fs-3 d-none d-md-block" />
        <p className="mb-0 flex-grow-1 small">
          {t('app.cookieBanner.text')}{' '}
          <Link to={paths.cookiePolicy} className="link-light fw-semibold">
            {t('app.cookieBanner.policyLink')}
          </Link>
        </p>
        <button type="button" className="btn btn-light px-4 flex-shrink-0" onClick={close}>
          {t('app.cookieBanner.close')}
        </button>
      </div>
    </section>
  );
}
