import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('users');
const UsersPage = page(() => import('./components/users-page'), 'UsersPage');
const ApiKeysPage = page(() => import('./api-keys/components/api-keys-page'), 'ApiKeysPage');
const WebhooksPage = page(() => import('./webhooks/components/webhooks-page'), 'WebhooksPage');

/** Every navigation to /users, the same URL included, mounts the page afresh, so it reloads (spec section 2). */
function UsersRoute() {
  const location = useLocation();
  return <UsersPage key={location.key} />;
}

export const userRoutes: RouteObject[] = [
  { path: paths.users, element: <UsersRoute /> },
  // Not a menu entry: linked from User Management's header (ADMIN).
  { path: paths.apiKeys, element: <ApiKeysPage /> },
  // Not a menu entry either: linked from the API keys page's header (ADMIN).
  { path: paths.webhooks, element: <WebhooksPage /> },
];
