import type { RouteObject } from 'react-router';

export const cookiePolicyRoutes: RouteObject[] = [];
