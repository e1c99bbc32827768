import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { Billing } from './components/billing';
import { EditPublicContact } from './components/edit-public-contact';
import { EditWhoisContact } from './components/edit-whois-contact';
import { GeneralData } from './components/general-data';
import { PublicProfile } from './components/public-profile';
import { RegistrarOverview } from './components/registrar-overview';
import { Reports } from './components/reports';
import { Transactions } from './components/transactions';

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
];
