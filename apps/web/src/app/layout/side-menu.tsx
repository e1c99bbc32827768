import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import { useAppConfiguration } from '../../lib/config';
import { paths } from '../../lib/paths';
import { Icon } from '../../components/icon';
import boxArrowUpRightIcon from 'bootstrap-icons/icons/box-arrow-up-right.svg?raw';
import buildingIcon from 'bootstrap-icons/icons/building.svg?raw';
import globeIcon from 'bootstrap-icons/icons/globe.svg?raw';
import hddNetworkIcon from 'bootstrap-icons/icons/hdd-network.svg?raw';
import newspaperIcon from 'bootstrap-icons/icons/newspaper.svg?raw';
import peopleIcon from 'bootstrap-icons/icons/people.svg?raw';

interface MenuEntry {
  label: string;
  /** The SVG file of its Bootstrap icon. */
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
  { label: 'app.menu.registrar', icon: buildingIcon, to: paths.generalData, section: [paths.registrar] },
  { label: 'app.menu.epp', icon: hddNetworkIcon, to: paths.eppIpAddresses, section: [paths.epp] },
  { label: 'app.menu.registrations', icon: globeIcon, to: paths.registrationSearch, section: ['/registrations', '/contact'] },
  { label: 'app.menu.users', icon: peopleIcon, to: paths.users, section: ['/users'] },
];

const inSection = (pathname: string, section: string[]) => section.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** The slide-in panel of phones, in a chunk of its own (phone-menu.tsx). */
const PhoneMenu = lazy(() => import('./phone-menu'));
/** Below Bootstrap's `lg`, where the menu hides behind the header's button. */
const phoneWidth = '(max-width: 991.98px)';

/** The left menu: a fixed column on laptops, a slide-in panel behind the header button on phones. */
export function SideMenu({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { appConfig } = useAppConfiguration();
  // The panel's code loads on a phone once the page shows (ready before the first tap), never on a laptop.
  const [opened, setOpened] = useState(false);
  if (show && !opened) setOpened(true);
  useEffect(() => {
    if (window.matchMedia(phoneWidth).matches) void import('./phone-menu');
  }, []);

  const menu = (
    <nav aria-label={t('app.menu.title')} className="app-menu">
      <ul className="nav flex-column gap-1">
        {entries.map((entry) => {
          const current = inSection(pathname, entry.section);
          return (
            <li className="nav-item" key={entry.to}>
              <Link to={entry.to} className={`nav-link${current ? ' active' : ''}`} aria-current={current ? 'page' : undefined} onClick={onHide}>
                <Icon svg={entry.icon} />
                {t(entry.label)}
              </Link>
            </li>
          );
        })}
        {/* A rule above News, drawn by the item itself: a list holds only list items. */}
        <li className="nav-item app-menu-external">
          <a className="nav-link" href={appConfig.news_website_link} target="_blank" rel="noopener noreferrer" onClick={onHide}>
            <Icon svg={newspaperIcon} />
            {t('app.menu.news')}
            <Icon svg={boxArrowUpRightIcon} className="ms-auto small text-body-tertiary" />
            <span className="visually-hidden">{t('app.menu.opensInNewTab')}</span>
          </a>
        </li>
      </ul>
    </nav>
  );
  // What the Offcanvas draws while closed: the column on a laptop, hidden on a phone.
  const column = (
    <div id="app-menu" className="app-sidebar offcanvas-lg offcanvas-start" aria-labelledby="app-menu-title">
      <div className="offcanvas-header">
        <div className="offcanvas-title h5" id="app-menu-title">
          {t('app.menu.title')}
        </div>
        <button type="button" className="btn-close" aria-label={t('app.menu.close')} onClick={onHide} />
      </div>
      <div className="offcanvas-body flex-column">{menu}</div>
    </div>
  );
  if (!opened) return column;
  return (
    <Suspense fallback={column}>
      <PhoneMenu show={show} onHide={onHide} title={t('app.menu.title')} closeLabel={t('app.menu.close')}>
        {menu}
      </PhoneMenu>
    </Suspense>
  );
}
