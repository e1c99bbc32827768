import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';

const page = featurePages('registrations');
const ContactViewPage = page(() => import('./components/contact-view-page'), 'ContactViewPage');
const RegistrationViewPage = page(() => import('./components/registration-view-page'), 'RegistrationViewPage');
const SearchPage = page(() => import('./components/search-page'), 'SearchPage');
const OverviewPage = page(() => import('./components/overview-page'), 'OverviewPage');

/** Registration search, the portfolio overview, the registration view, and the contact view (with and without a handle). */
export const registrationRoutes: RouteObject[] = [
  { path: 'registrations/search', element: <SearchPage /> },
  { path: 'registrations/overview', element: <OverviewPage /> },
  { path: 'registrations/registration/:domainname/view', element: <RegistrationViewPage /> },
  { path: 'contact/view/:handle', element: <ContactViewPage /> },
  { path: 'contact/view', element: <ContactViewPage /> },
];
