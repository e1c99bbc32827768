import { Navigate, type RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('epp');
const EppLayout = page(() => import('./components/epp-layout'), 'EppLayout');
const EppPasswordPage = page(() => import('./components/epp-password-page'), 'EppPasswordPage');
const IpAddressesEdit = page(() => import('./components/ip-addresses-edit'), 'IpAddressesEdit');
const IpAddressesView = page(() => import('./components/ip-addresses-view'), 'IpAddressesView');
const SecurityPage = page(() => import('./security/security-page'), 'SecurityPage');
const PasswordResetPage = page(() => import('./security/password-reset-page'), 'PasswordResetPage');

/** `/epp` with the IP list, its edit page and the password (spec section 2); the empty child goes to the list. */
export const eppRoutes: RouteObject[] = [
  {
    path: paths.epp,
    element: <EppLayout />,
    children: [
      { index: true, element: <Navigate to={paths.eppIpAddresses} replace /> },
      { path: paths.eppIpAddresses, element: <IpAddressesView /> },
      { path: paths.eppIpAddressesEdit, element: <IpAddressesEdit /> },
      { path: paths.eppPassword, element: <EppPasswordPage /> },
    ],
  },
  // Beside `/epp`, not one of its children: the spec's tabs and children stay as they are.
  { path: paths.eppSecurity, element: <SecurityPage /> },
  // The mailed reset link's page (issue 31): reached from the mail only, no menu entry or link.
  { path: paths.eppPasswordReset, element: <PasswordResetPage /> },
];
