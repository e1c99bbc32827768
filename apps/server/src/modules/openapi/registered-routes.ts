import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A route as Fastify registered it under the API's prefix. */
export interface RegisteredRoute {
  method: string;
  /** Without the prefix and without a trailing slash: `/domains/:domainName`. */
  path: string;
  /** The route's `config.allowedWhileSuspended` (plugins/registrar-status.ts). */
  allowedWhileSuspended: boolean;
  /** The route's `config.recentAuthentication` (plugins/recent-authentication.ts). */
  recentAuthentication: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered under `/services` after this plugin, HEAD left out (Fastify adds one
     * to each GET): what the OpenAPI document must describe, as the drift test (openapi.test.ts) checks.
     */
    apiRouteList: readonly RegisteredRoute[];
  }
}

/** Records the API's routes as they are registered; registered at the root, before them. */
export const registeredRoutes = fp<{ prefix: string }>(async (app: FastifyInstance, { prefix }) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('apiRouteList', routes);
  app.addHook('onRoute', (route) => {
    if (route.url !== prefix && !route.url.startsWith(`${prefix}/`)) return;
    const path = route.url.slice(prefix.length).replace(/(.)\/$/, '$1') || '/';
    const allowedWhileSuspended = route.config?.allowedWhileSuspended === true;
    const recentAuthentication = route.config?.recentAuthentication === true;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, path, allowedWhileSuspended, recentAuthentication });
    }
  });
});
