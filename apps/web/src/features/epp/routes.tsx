import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { EppLayout } from './components/epp-layout';
import { EppPasswordPage } from './components/epp-password-page';
import { IpAddressesEdit } from './components/ip-addresses-edit';
import { IpAddressesView } from './components/ip-addresses-view';

/** `/epp` with the IP list, its edit page and the password (spec section 2); the empty child goes to the list. */
export const eppRoutes: RouteObject[] = [
  {
    path: 'epp',
    element: <EppLayout />,
    children: [
      { index: true, element: <Navigate to={paths.eppIpAddresses} replace /> },
      { path: 'ipaddresses', element: <IpAddressesView /> },
      { path: 'ipaddresses/edit', element: <IpAddressesEdit /> },
      { path: 'password', element: <EppPasswordPage /> },
    ],
  },
];
