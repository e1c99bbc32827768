import { Counter, Histogram, Registry } from 'prom-client';
import { signInOutcomes } from '@registrar-panel/contract';
import { rateLimitPolicy, type RateLimitName } from '../../lib/rate-limit-policy';
import { processRegistry } from './process-metrics';
import { addScrapeGauge, type ScrapeGauge } from './scrape-gauges';

/** Before the name of each of the portal's own metrics; the process's keep their standard names. */
export const metricPrefix = 'registrar_panel_';

/** The route label of a request no route matched (the not-found handler, the web app's history fallback). */
export const unmatchedRoute = 'unmatched';

type RequestLabels = 'route' | 'method' | 'status';

/** One app's metrics: what modules count, and the registry `/metrics` exposes. */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<RequestLabels>;
  httpRequestDuration: Histogram<RequestLabels>;
  signIns: Counter<'outcome'>;
  rateLimitRefusals: Counter<'limit'>;
  /** Mails the relay handed to the SMTP server ('sent') or failed back to the queue ('failed'). */
  mailAttempts: Counter<'outcome'>;
  /**
   * Adds a gauge read at every scrape (scrape-gauges.ts), for a figure that lives elsewhere.
   * For example a job queue's backlog, from its table:
   *
   *   app.metrics.addScrapeGauge({
   *     name: 'mail_outbox_pending',
   *     help: 'Mails waiting to be sent.',
   *     read: async () => countPendingMail(app.db),
   *   });
   *
   * or one value per label set: `labelNames: ['state']` and `read` returning
   * `[{ labels: { state: 'failed' }, value: 3 }, …]`.
   */
  addScrapeGauge: <L extends string = never>(gauge: ScrapeGauge<L>) => void;
}

/**
 * Seconds. Most API calls take milliseconds; a sign-in's password check about a tenth of a second
 * or more under load; the domain report streams for as long as the browser reads it.
 */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * A registry of the app's own (tests build many apps in one process, so never prom-client's
 * global one) holding the process's shared metrics and the portal's. `onReadError` hears of a
 * scrape-time gauge that could not be read.
 */
export function createMetrics(options: { onReadError: (error: unknown, name: string) => void }): Metrics {
  const registry = Registry.merge([processRegistry()]);
  const registers = [registry];
  const signIns = new Counter({
    name: `${metricPrefix}sign_ins_total`,
    help: 'Sign-in attempts of the embedded identity service, by outcome as recorded (success, wrongPassword, wrongCode, locked, disabled).',
    labelNames: ['outcome'],
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: `${metricPrefix}rate_limit_refusals_total`,
    help: 'Requests refused (429) by a request limit, by the limit that refused them (lib/rate-limit-policy.ts).',
    labelNames: ['limit'],
    registers,
  });
  // Every outcome and every limit from zero: a series that appears only at its first event makes rate() miss that event.
  for (const outcome of signInOutcomes) signIns.inc({ outcome }, 0);
  for (const limit of Object.keys(rateLimitPolicy) as RateLimitName[]) rateLimitRefusals.inc({ limit }, 0);
  const mailAttempts = new Counter({
    name: `${metricPrefix}mail_attempts_total`,
    help: "Mails this instance's relay tried to send, by outcome: sent (the SMTP server took it) or failed (back to the queue, to be retried).",
    labelNames: ['outcome'],
    registers,
  });
  for (const outcome of ['sent', 'failed']) mailAttempts.inc({ outcome }, 0);
  return {
    registry,
    // The route is Fastify's template (`/services/domains/:domainName`), never the path: one series per route, not per domain name.
    httpRequests: new Counter({
      name: `${metricPrefix}http_requests_total`,
      help: 'HTTP requests answered, by route template, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: `${metricPrefix}http_request_duration_seconds`,
      help: 'Time from receiving a request to the end of its answer, by route template, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: durationBuckets,
      registers,
    }),
    signIns,
    rateLimitRefusals,
    mailAttempts,
    addScrapeGauge: (gauge) => addScrapeGauge(registry, metricPrefix, gauge, options.onReadError),
  };
}
