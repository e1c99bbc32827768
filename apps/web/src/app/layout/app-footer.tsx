import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router';
import { authSession, useCurrentUser } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useResetPassword } from '../api/reset-password';
import { Icon } from '../../components/icon';
import { useRefusal } from '../../components/refusable';
import boxArrowRightIcon from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
import cookieIcon from 'bootstrap-icons/icons/cookie.svg?raw';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';
import personCircleIcon from 'bootstrap-icons/icons/person-circle.svg?raw';

/** The signed-in user (their name opens My account), Reset Password, Logout and the cookie policy (spec section 1). */
export function AppFooter() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const resetPassword = useResetPassword();
  // Allowed while the registrar is suspended (it changes the user's sign-in, not the registrar's data): the status rule decides.
  const resetRefusal = useRefusal('DELETE /me/password');

  return (
    <footer className="app-footer d-flex flex-column flex-md-row align-items-md-center gap-2 gap-md-4">
      {user && (
        <div className="app-footer-user d-flex align-items-center gap-2 me-md-auto">
          <Icon svg={personCircleIcon} className="fs-5" />
          <span>
            <span className="visually-hidden">{t('app.footer.signedInAs')} </span>
            {/* The name opens My account (not a menu entry: the spec's menu stays as it is). */}
            <Link to={paths.account} className="fw-semibold" data-testid="footer-name">
              {user.firstName} {user.lastName}
            </Link>{' '}
            <span className="text-body-secondary" data-testid="footer-username">
              ({user.username})
            </span>
          </span>
        </div>
      )}
      <nav aria-label={t('app.footer.label')} className={`app-footer-links d-flex flex-wrap gap-3${user ? '' : ' ms-md-auto'}`}>
        {user && (
          <>
            <button
              type="button"
              className="btn btn-link p-0"
              disabled={resetPassword.isPending || resetRefusal.refused}
              onClick={() => resetPassword.mutate()}
              {...resetRefusal.props}
            >
              <Icon svg={keyIcon} className="me-1" />
              {t('app.footer.resetPassword')}
            </button>
            <button type="button" className="btn btn-link p-0" onClick={() => void authSession.get()?.logout()}>
              <Icon svg={boxArrowRightIcon} className="me-1" />
              {t('app.footer.logout')}
            </button>
          </>
        )}
        <Link to={paths.cookiePolicy}>
          <Icon svg={cookieIcon} className="me-1" />
          {t('app.footer.cookiePolicy')}
        </Link>
      </nav>
    </footer>
  );
}
