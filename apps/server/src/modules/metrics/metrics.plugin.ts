import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { createMetrics, unmatchedRoute, type Metrics } from './metrics';
import { addPoolGauges } from './pool-gauges';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (modules/metrics/): counters for modules to count with, and scrape-time gauges. */
    metrics: Metrics;
  }
}

/**
 * Decorates `app.metrics` and counts and times every request. Registered before everything else
 * so that every route, the not-found handler and the identity service's hijacked answers are
 * counted (Fastify runs onResponse for hijacked replies too).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { pool: pg.Pool }) => {
  const metrics = createMetrics({ onReadError: (error, name) => app.log.warn({ err: error, metric: name }, 'metric could not be read') });
  app.decorate('metrics', metrics);
  addPoolGauges(metrics, options.pool);

  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: request.routeOptions.url ?? unmatchedRoute, method: request.method, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
});
