import { Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { apiReferenceRoutes } from '../features/api-reference/routes';
import { cookiePolicyRoutes } from '../features/cookie-policy/routes';
import { eppRoutes } from '../features/epp/routes';
import { messageRoutes } from '../features/messages/routes';
import { registrarRoutes } from '../features/registrar/routes';
import { registrationRoutes } from '../features/registrations/routes';
import { userRoutes } from '../features/users/routes';
import { Layout } from './layout/layout';
import { PageLoading } from './layout/page-loading';
import { lazyPage, preloadPageOf } from '../lib/lazy-page';
import { paths } from '../lib/paths';

const NotFound = lazyPage(() => import('./not-found'), 'NotFound');

/**
 * The route table of spec section 2; each feature brings its own routes. Every page is a chunk of
 * its own (lib/lazy-page.ts); the shell (Layout) is in the app's first chunk and stays while a page
 * loads: with a spinner in the page's place on the first one (PageLoading), the previous page during
 * a navigation (the router's transitions).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        element: (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        ),
        children: [
          { index: true, element: <Navigate to={paths.generalData} replace /> },
          { path: paths.home, element: <Navigate to={paths.generalData} replace /> },
          ...registrarRoutes,
          ...eppRoutes,
          ...registrationRoutes,
          ...userRoutes,
          ...apiReferenceRoutes,
          ...cookiePolicyRoutes,
          ...accountRoutes,
          ...messageRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** The page of the address, its chunk and that of the page around it (the registrar's tabs) loading side by side. */
export function AppRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) preloadPageOf(match.route.element);
  return useRoutes(routes);
}
