import { can } from '@registrar-panel/contract';
import { Nav } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link, NavLink, Outlet } from 'react-router';
import { NotAllowed } from '../../../components/not-allowed';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { Icon } from '../../../components/icon';
import diagram3Icon from 'bootstrap-icons/icons/diagram-3.svg?raw';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';
import shieldLockIcon from 'bootstrap-icons/icons/shield-lock.svg?raw';
import { PageTitle } from '../../../lib/page-title';

/**
 * `/epp`: the title (with the link to the Security page, which is no tab) and the two tabs around the IP list and the password. The menu always shows
 * EPP settings, so a user without the TECH or ADMIN role is told why there is nothing to manage
 * instead of meeting failing calls.
 */
export function EppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = user !== null && can(user.roles, 'manageEpp');
  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{t('epp.title')}</h1>
        {allowed && (
          <Link
            to={paths.eppSecurity}
            className="ms-auto d-inline-flex align-items-center gap-2"
            title={t('epp.security.linkLabel')}
            data-testid="epp-security-link"
          >
            <Icon svg={shieldLockIcon} />
            {t('epp.security.title')}
          </Link>
        )}
      </div>
      {allowed ? (
        <>
          <Nav as="nav" variant="tabs" className="mb-4" aria-label={t('epp.tabs.label')}>
            <Nav.Item>
              <NavLink to={paths.eppIpAddresses} className="nav-link">
                <Icon svg={diagram3Icon} className="me-2" />
                {t('epp.tabs.ipAddresses')}
              </NavLink>
            </Nav.Item>
            <Nav.Item>
              <NavLink to={paths.eppPassword} className="nav-link">
                <Icon svg={keyIcon} className="me-2" />
                {t('epp.tabs.password')}
              </NavLink>
            </Nav.Item>
          </Nav>
          <Outlet />
        </>
      ) : (
        <>
          {/* The pages below set the title; without them, the section does. */}
          <PageTitle parts={[t('epp.title')]} />
          <NotAllowed title={t('epp.notAllowed.title')} text={t('epp.notAllowed.text')} capability="manageEpp" />
        </>
      )}
    </section>
  );
}
