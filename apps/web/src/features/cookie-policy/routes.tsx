import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('cookie-policy');
const CookiePolicyPage = page(() => import('./components/cookie-policy-page'), 'CookiePolicyPage');

export const cookiePolicyRoutes: RouteObject[] = [{ path: paths.cookiePolicy, element: <CookiePolicyPage /> }];
