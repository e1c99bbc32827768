import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { mayReadMetrics } from './metrics-access';

/**
 * `/metrics` in Prometheus's text format, for this machine or a bearer of METRICS_TOKEN; anyone
 * else gets the envelope's 404, as for a path that does not exist. Outside `/services`: no access
 * token and no per-user limit, a scraper is not a user.
 */
export async function metricsRoutes(app: FastifyInstance, options: { token: string | undefined }) {
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, options.token)) throw notFound();
    const text = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
}
