import type { FastifyInstance } from 'fastify';
import { feedStream } from './position';

/**
 * How far the registry's feed has got, for an operator to alert on a feed that stopped: the last
 * sequence number applied, and the seconds since a batch last committed (both 0 before the first).
 * Read at each scrape, the same on every instance.
 */
export function addFeedGauges(app: FastifyInstance): void {
  const position = async () =>
    (
      await app.database.pool.query<{ last_seq: string; age: number }>(
        'SELECT last_seq, extract(epoch FROM now() - updated_at)::float8 AS age FROM feed_position WHERE stream = $1',
        [feedStream],
      )
    ).rows[0];
  app.metrics.addScrapeGauge({
    name: 'registry_feed_position',
    help: 'Sequence number of the last registry feed change applied (0 before the first).',
    read: async () => [{ labels: {}, value: Number((await position())?.last_seq ?? 0) }],
  });
  app.metrics.addScrapeGauge({
    name: 'registry_feed_age_seconds',
    help: 'Seconds since a batch of the registry feed last committed (0 before the first).',
    read: async () => {
      const row = await position();
      return row ? [{ labels: {}, value: row.age }] : [];
    },
  });
}
