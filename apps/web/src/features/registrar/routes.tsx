import { Navigate, type RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('registrar');
const Billing = page(() => import('./components/billing'), 'Billing');
const EditPublicContact = page(() => import('./components/edit-public-contact'), 'EditPublicContact');
const EditWhoisContact = page(() => import('./components/edit-whois-contact'), 'EditWhoisContact');
const GeneralData = page(() => import('./components/general-data'), 'GeneralData');
const PublicProfile = page(() => import('./components/public-profile'), 'PublicProfile');
const RegistrarOverview = page(() => import('./components/registrar-overview'), 'RegistrarOverview');
const Reports = page(() => import('./components/reports'), 'Reports');
const RegistrarHistory = page(() => import('./components/registrar-history'), 'RegistrarHistory');
const Transactions = page(() => import('./components/transactions'), 'Transactions');

/** `/registrar` and its children (spec section 2); the empty child goes to general data. */
export const registrarRoutes: RouteObject[] = [
  {
    path: 'registrar',
    element: <RegistrarOverview />,
    children: [
      { index: true, element: <Navigate to={paths.generalData} replace /> },
      { path: 'generalData', element: <GeneralData /> },
      { path: 'publicProfile', element: <PublicProfile /> },
      { path: 'publicProfile/editPublicContact', element: <EditPublicContact /> },
      { path: 'publicProfile/editTechContact', element: <EditWhoisContact type="TECH" /> },
      { path: 'publicProfile/editAdminContact', element: <EditWhoisContact type="ADMIN" /> },
      { path: 'publicProfile/editAbuseContact', element: <EditWhoisContact type="ABUSE" /> },
      { path: 'transactions', element: <Transactions /> },
      { path: 'billing', element: <Billing /> },
      { path: 'reports', element: <Reports /> },
    ],
  },
  // Not a tab: its own page, linked from the overview's header (ADMIN and SUPPORT).
  { path: 'registrar/history', element: <RegistrarHistory /> },
];
