import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('registrations');
const ContactViewPage = page(() => import('./components/contact-view-page'), 'ContactViewPage');
const RegistrationViewPage = page(() => import('./components/registration-view-page'), 'RegistrationViewPage');
const SearchPage = page(() => import('./components/search-page'), 'SearchPage');
const OverviewPage = page(() => import('./components/overview-page'), 'OverviewPage');
const ReconciliationPage = page(() => import('./components/reconciliation-page'), 'ReconciliationPage');
const ReconciliationRunPage = page(() => import('./components/reconciliation-run-page'), 'ReconciliationRunPage');
const PortfolioOnDatePage = page(() => import('./components/portfolio-on-date-page'), 'PortfolioOnDatePage');
const PortfolioChangesPage = page(() => import('./components/portfolio-changes-page'), 'PortfolioChangesPage');
const RegistrationTimelinePage = page(() => import('./components/registration-timeline-page'), 'RegistrationTimelinePage');

/** Registration search, the portfolio overview, reconciliation and its runs, the registration view and its history, and the contact view (with and without a handle). */
export const registrationRoutes: RouteObject[] = [
  { path: paths.registrationSearch, element: <SearchPage /> },
  { path: paths.registrationOverview, element: <OverviewPage /> },
  { path: paths.reconciliation, element: <ReconciliationPage /> },
  { path: paths.reconciliationRun.pattern, element: <ReconciliationRunPage /> },
  { path: paths.registration.pattern, element: <RegistrationViewPage /> },
  { path: paths.registrationTimeline.pattern, element: <RegistrationTimelinePage /> },
  { path: paths.portfolioOnDate, element: <PortfolioOnDatePage /> },
  { path: paths.portfolioChanges, element: <PortfolioChangesPage /> },
  { path: paths.contact.pattern, element: <ContactViewPage /> },
  { path: paths.contactWithoutHandle, element: <ContactViewPage /> },
];
