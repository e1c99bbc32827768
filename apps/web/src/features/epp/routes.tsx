import type { RouteObject } from 'react-router';

export const eppRoutes: RouteObject[] = [];
