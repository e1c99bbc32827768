import { can } from '@registrar-panel/contract';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useRegistrar } from '../api/get-registrar';
import { RegistrarStatusBadge } from './registrar-status-badge';

interface Tab {
  to: string;
  label: string;
  icon: string;
}

/** `/registrar`: the title, the status label above the tabs, and the tab's page. */
export function RegistrarOverview() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: registrar } = useRegistrar();
  const { pathname } = useLocation();
  const tabList = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    tabList.current?.querySelector('.nav-link.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  // Reports shows only to support and tech (spec sections 2 and 6); every other tab always shows.
  const showReports = user !== null && can(user.roles, 'downloadDomainReport');
  const tabs: Tab[] = [
    { to: paths.generalData, label: 'registrar.tabs.generalData', icon: 'bi-card-text' },
    { to: paths.publicProfile, label: 'registrar.tabs.publicProfile', icon: 'bi-person-vcard' },
    { to: paths.registrarTransactions, label: 'registrar.tabs.transactions', icon: 'bi-shield-check' },
    { to: paths.registrarBilling, label: 'registrar.tabs.billing', icon: 'bi-receipt' },
    ...(showReports ? [{ to: paths.registrarReports, label: 'registrar.tabs.reports', icon: 'bi-file-earmark-spreadsheet' }] : []),
  ];

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{t('registrar.title')}</h1>
        {registrar && (
          <span className="d-inline-flex align-items-center gap-2">
            <span className="visually-hidden">{t('registrar.statusLabel')}</span>
            <RegistrarStatusBadge status={registrar.status} className="fs-6" />
          </span>
        )}
      </div>
      <Nav
        as="nav"
        variant="tabs"
        className="mb-4 flex-nowrap overflow-x-auto overflow-y-hidden text-nowrap registrar-tabs"
        aria-label={t('registrar.tabs.label')}
      >
        {tabs.map((tab) => (
          <Nav.Item key={tab.to}>
            <NavLink to={tab.to} className="nav-link">
              <i className={`bi ${tab.icon} me-2`} aria-hidden="true" />
              {t(tab.label)}
            </NavLink>
          </Nav.Item>
        ))}
      </Nav>
      <Outlet />
    </section>
  );
}
