import './registrations.css';
import type { RouteObject } from 'react-router';
import { ContactViewPage } from './components/contact-view-page';
import { RegistrationViewPage } from './components/registration-view-page';
import { SearchPage } from './components/search-page';

/** Registration search, the registration view, and the contact view (with and without a handle). */
export const registrationRoutes: RouteObject[] = [
  { path: 'registrations/search', element: <SearchPage /> },
  { path: 'registrations/registration/:domainname/view', element: <RegistrationViewPage /> },
  { path: 'contact/view/:handle', element: <ContactViewPage /> },
  { path: 'contact/view', element: <ContactViewPage /> },
];
