import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('messages');
const MessagesPage = page(() => import('./components/messages-page'), 'MessagesPage');

// Not a menu entry: reached by the bell in the header.
export const messageRoutes: RouteObject[] = [{ path: paths.messages, element: <MessagesPage /> }];
