import type { RouteObject } from 'react-router';

export const registrarRoutes: RouteObject[] = [];
