import type { RouteObject } from 'react-router';
import { featurePages } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const page = featurePages('messages');
const MessagesPage = page(() => import('./components/messages-page'), 'MessagesPage');
const RulesPage = page(() => import('./rules/components/rules-page'), 'RulesPage');

export const messageRoutes: RouteObject[] = [
  // Not a menu entry: reached by the bell in the header.
  { path: paths.messages, element: <MessagesPage /> },
  // Not a menu entry either: linked from the inbox's header.
  { path: paths.messageRules, element: <RulesPage /> },
];
