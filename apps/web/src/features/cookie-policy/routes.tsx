import type { RouteObject } from 'react-router';
import { CookiePolicyPage } from './components/cookie-policy-page';

export const cookiePolicyRoutes: RouteObject[] = [{ path: 'cookiepolicy', element: <CookiePolicyPage /> }];
