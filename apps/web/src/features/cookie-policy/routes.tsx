import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';

const page = featurePages('cookie-policy');
const CookiePolicyPage = page(() => import('./components/cookie-policy-page'), 'CookiePolicyPage');

export const cookiePolicyRoutes: RouteObject[] = [{ path: 'cookiepolicy', element: <CookiePolicyPage /> }];
