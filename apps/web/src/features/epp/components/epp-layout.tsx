import { can } from '@registrar-panel/contract';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { NotAllowed } from '../../../components/not-allowed';
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
        <NotAllowed title={t('epp.notAllowed.title')} text={t('epp.notAllowed.text')} />
      )}
    </section>
  );
}
