import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUnderPrefix } from '../lib/path-prefix';

/**
 * Every answer under `prefix` (the API: personal and registrar data, and its errors) carries
 * `Cache-Control: no-store`, so that neither a browser's cache on a shared computer nor a proxy
 * keeps it. A route that chose its own policy keeps it (the country list, which names no one).
 * Registered at the root and matched by path, not inside the API's scope, so that the 404 of an
 * unknown API path (answered by the root's not-found handler) carries it too.
 */
export const noStore = fp<{ prefix: string }>(async (app: FastifyInstance, { prefix }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUnderPrefix(request.url, prefix) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
});
