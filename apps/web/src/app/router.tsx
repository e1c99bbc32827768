import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { cookiePolicyRoutes } from '../features/cookie-policy/routes';
import { eppRoutes } from '../features/epp/routes';
import { registrarRoutes } from '../features/registrar/routes';
import { registrationRoutes } from '../features/registrations/routes';
import { userRoutes } from '../features/users/routes';
import { Layout } from './layout/layout';
import { NotFound } from './not-found';
import { paths } from '../lib/paths';

/** The route table of spec section 2; each feature brings its own routes. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to={paths.generalData} replace /> },
      { path: 'home', element: <Navigate to={paths.generalData} replace /> },
      ...registrarRoutes,
      ...eppRoutes,
      ...registrationRoutes,
      ...userRoutes,
      ...cookiePolicyRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
