import '../registrar.css';
import { can } from '@registrar-panel/contract';
import { Nav } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useRegistrar } from '../api/get-registrar';
import { RegistrarStatusBadge } from './registrar-status-badge';
import { Icon } from '../../../components/icon';
import cardTextIcon from 'bootstrap-icons/icons/card-text.svg?raw';
import clockHistoryIcon from 'bootstrap-icons/icons/clock-history.svg?raw';
import fileEarmarkSpreadsheetIcon from 'bootstrap-icons/icons/file-earmark-spreadsheet.svg?raw';
import personVcardIcon from 'bootstrap-icons/icons/person-vcard.svg?raw';
import receiptIcon from 'bootstrap-icons/icons/receipt.svg?raw';
import shieldCheckIcon from 'bootstrap-icons/icons/shield-check.svg?raw';

interface Tab {
  to: string;
  label: string;
  /** The SVG file of its Bootstrap icon. */
  icon: string;
}

/** `/registrar`: the title, the status label above the tabs, and the tab's page. */
export function RegistrarOverview() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: registrar } = useRegistrar();
  const { pathname } = useLocation();
  const tabList = useRef<HTMLElement>(null);
  // Where the tabs scroll sideways (between the phone's wrapped tabs and a wide screen), keep the current one in view.
  useEffect(() => {
    tabList.current?.querySelector('.nav-link.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  // Reports shows only to support and tech (spec sections 2 and 6); every other tab always shows.
  const showReports = user !== null && can(user.roles, 'downloadDomainReport');
  // The registrar's history is a page of its own, not a tab: a link in the header, for ADMIN and SUPPORT.
  const showHistory = user !== null && can(user.roles, 'readHistory');
  const tabs: Tab[] = [
    { to: paths.generalData, label: 'registrar.tabs.generalData', icon: cardTextIcon },
    { to: paths.publicProfile, label: 'registrar.tabs.publicProfile', icon: personVcardIcon },
    { to: paths.registrarTransactions, label: 'registrar.tabs.transactions', icon: shieldCheckIcon },
    { to: paths.registrarBilling, label: 'registrar.tabs.billing', icon: receiptIcon },
    ...(showReports ? [{ to: paths.registrarReports, label: 'registrar.tabs.reports', icon: fileEarmarkSpreadsheetIcon }] : []),
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
        {showHistory && (
          <Link
            to={paths.registrarHistory}
            className="ms-auto d-inline-flex align-items-center gap-2"
            title={t('registrar.history.linkLabel')}
            data-testid="history-link"
          >
            <Icon svg={clockHistoryIcon} />
            {t('registrar.history.title')}
          </Link>
        )}
      </div>
      <Nav ref={tabList} as="nav" variant="tabs" className="mb-4 registrar-tabs" aria-label={t('registrar.tabs.label')}>
        {tabs.map((tab) => (
          <Nav.Item key={tab.to}>
            <NavLink to={tab.to} className="nav-link">
              <Icon svg={tab.icon} className="me-2" />
              {t(tab.label)}
            </NavLink>
          </Nav.Item>
        ))}
      </Nav>
      <Outlet />
    </section>
  );
}
