import { can } from '@registrar-panel/contract';
import { Alert, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';

/**
 * `/epp`: the title and the two tabs around the IP list and the password. The menu always shows
 * EPP settings, so a user without the TECH or ADMIN role is told why there is nothing to manage
 * instead of meeting failing calls.
 */
export function EppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = user !== null && can(user.roles, 'manageEpp');
  return (
    <section>
      <h1 className="h3 mb-3">{t('epp.title')}</h1>
      {allowed ? (
        <>
          <Nav as="nav" variant="tabs" className="mb-4" aria-label={t('epp.tabs.label')}>
            <Nav.Item>
              <NavLink to={paths.eppIpAddresses} className="nav-link">
                <i className="bi bi-diagram-3 me-2" aria-hidden="true" />
                {t('epp.tabs.ipAddresses')}
              </NavLink>
            </Nav.Item>
            <Nav.Item>
              <NavLink to={paths.eppPassword} className="nav-link">
                <i className="bi bi-key me-2" aria-hidden="true" />
                {t('epp.tabs.password')}
              </NavLink>
            </Nav.Item>
          </Nav>
          <Outlet />
        </>
      ) : (
        <Alert variant="info" className="d-flex gap-3">
          <i className="bi bi-shield-lock fs-4" aria-hidden="true" />
          <div>
            <Alert.Heading as="h2" className="h6">
              {t('epp.notAllowed.title')}
            </Alert.Heading>
            <p className="mb-0">{t('epp.notAllowed.text')}</p>
          </div>
        </Alert>
      )}
    </section>
  );
}
