import type { RouteObject } from 'react-router';

export const registrationRoutes: RouteObject[] = [];
