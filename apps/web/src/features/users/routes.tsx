import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { UsersPage } from './components/users-page';

/** Every navigation to /users, the same URL included, mounts the page afresh, so it reloads (spec section 2). */
function UsersRoute() {
  const location = useLocation();
  return <UsersPage key={location.key} />;
}

export const userRoutes: RouteObject[] = [{ path: 'users', element: <UsersRoute /> }];
