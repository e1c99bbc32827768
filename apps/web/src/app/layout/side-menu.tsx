import { Nav, Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppConfiguration } from '../../lib/config';
import { paths } from '../../lib/paths';

interface MenuEntry {
  label: string;
  icon: string;
  to: string;
  /** Paths under which the entry shows as the current one. */
  section: string[];
}

/*
 * Every entry shows to every signed-in user: the menu is part of the spec's layout, and a page a
 * role cannot use explains why instead (docs/decisions.md, "Application shell").
 */
const entries: MenuEntry[] = [
  { label: 'app.menu.registrar', icon: 'bi-building', to: paths.generalData, section: ['/registrar'] },
  { label: 'app.menu.epp', icon: 'bi-hdd-network', to: paths.eppIpAddresses, section: ['/epp'] },
  { label: 'app.menu.registrations', icon: 'bi-globe', to: paths.registrationSearch, section: ['/registrations', '/contact'] },
  { label: 'app.menu.users', icon: 'bi-people', to: paths.users, section: ['/users'] },
];

const inSection = (pathname: string, section: string[]) => section.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** The left menu: a fixed column on laptops, a slide-in panel behind the header button on phones. */
export function SideMenu({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { appConfig } = useAppConfiguration();

  return (
    <Offcanvas id="app-menu" show={show} onHide={onHide} responsive="lg" placement="start" className="app-sidebar" aria-labelledby="app-menu-title">
      <Offcanvas.Header closeButton closeLabel={t('app.menu.close')}>
        <Offcanvas.Title id="app-menu-title">{t('app.menu.title')}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="flex-column">
        <nav aria-label={t('app.menu.title')} className="app-menu">
          <Nav as="ul" className="flex-column gap-1">
            {entries.map((entry) => {
              const current = inSection(pathname, entry.section);
              return (
                <Nav.Item as="li" key={entry.to}>
                  <Link to={entry.to} className={`nav-link${current ? ' active' : ''}`} aria-current={current ? 'page' : undefined} onClick={onHide}>
                    <i className={`bi ${entry.icon}`} aria-hidden="true" />
                    {t(entry.label)}
                  </Link>
                </Nav.Item>
              );
            })}
            <li className="app-menu-divider" role="separator" />
            <Nav.Item as="li">
              <a className="nav-link" href={appConfig.news_website_link} target="_blank" rel="noopener noreferrer" onClick={onHide}>
                <i className="bi bi-newspaper" aria-hidden="true" />
                {t('app.menu.news')}
                <i className="bi bi-box-arrow-up-right ms-auto small text-body-tertiary" aria-hidden="true" />
                <span className="visually-hidden">{t('app.menu.opensInNewTab')}</span>
              </a>
            </Nav.Item>
          </Nav>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
