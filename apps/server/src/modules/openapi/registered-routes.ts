import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A route as Fastify registered it under the API's prefix. */
export interface RegisteredRoute {
  method: string;
  /** Without the prefix and without a trailing slash: `/domains/:domainName`. */
  path: string;
  /** Whether it was registered from the route table (plugins/api-routes.ts), which gives it its checks. */
  fromTable: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered under `/services` after this plugin, HEAD left out (Fastify adds one
     * to each GET): the drift test (openapi.test.ts) checks that each came from the route table.
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
    const fromTable = route.config?.apiRoute !== undefined;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, path, fromTable });
    }
  });
});
