import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('account');
const AccountPage = page(() => import('./components/account-page'), 'AccountPage');

// Not a menu entry: linked from the user's name in the footer.
export const accountRoutes: RouteObject[] = [{ path: paths.account, element: <AccountPage /> }];
