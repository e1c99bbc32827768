import type { RouteObject } from 'react-router';

export const userRoutes: RouteObject[] = [];
