import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobQueueSchema, queueNames } from '../db/job-queue-schema';

/** The outbox's states an operator watches: waiting, waiting for a retry, being sent, given up. */
const states = ['created', 'retry', 'active', 'failed'] as const;

/**
 * The outbox's backlog and failures, read from the queue's table at each scrape (the same figure
 * on every instance: the queue is shared). Sent mail is not counted here: it is archived.
 */
export function addOutboxGauges(app: FastifyInstance): void {
  app.metrics.addScrapeGauge({
    name: 'mail_outbox_messages',
    help: 'Mails in the outbox by state: created (waiting), retry (waiting after a failed attempt), active (being sent), failed (retries exhausted).',
    labelNames: ['state'],
    read: async () => {
      const { rows } = await app.db.execute<{ state: string; n: number }>(
        sql`SELECT state::text AS state, count(*)::int AS n FROM ${sql.identifier(jobQueueSchema)}.job WHERE name = ${queueNames.mail} AND state <> 'completed' GROUP BY state`,
      );
      return states.map((state) => ({ labels: { state }, value: rows.find((row) => row.state === state)?.n ?? 0 }));
    },
  });
}
