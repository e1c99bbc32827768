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
    path: paths.registrar,
    element: <RegistrarOverview />,
    children: [
      { index: true, element: <Navigate to={paths.generalData} replace /> },
      { path: paths.generalData, element: <GeneralData /> },
      { path: paths.publicProfile, element: <PublicProfile /> },
      { path: paths.editPublicContact, element: <EditPublicContact /> },
      { path: paths.editTechContact, element: <EditWhoisContact type="TECH" /> },
      { path: paths.editAdminContact, element: <EditWhoisContact type="ADMIN" /> },
      { path: paths.editAbuseContact, element: <EditWhoisContact type="ABUSE" /> },
      { path: paths.registrarTransactions, element: <Transactions /> },
      { path: paths.registrarBilling, element: <Billing /> },
      { path: paths.registrarReports, element: <Reports /> },
    ],
  },
  // Not a tab: its own page, linked from the overview's header (ADMIN and SUPPORT).
  { path: paths.registrarHistory, element: <RegistrarHistory /> },
];
