import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { featurePages } from '../../lib/lazy-page';

const page = featurePages('users');
const UsersPage = page(() => import('./components/users-page'), 'UsersPage');

/** Every navigation to /users, the same URL included, mounts the page afresh, so it reloads (spec section 2). */
function UsersRoute() {
  const location = useLocation();
  return <UsersPage key={location.key} />;
}

export const userRoutes: RouteObject[] = [{ path: 'users', element: <UsersRoute /> }];
