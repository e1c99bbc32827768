import type pg from 'pg';
import type { Metrics } from './metrics';

/**
 * The PostgreSQL pool's use, read from the pool at each scrape. Clients near the maximum with
 * checkouts waiting means requests queue for a connection: raise DATABASE_POOL_SIZE, or find the
 * slow queries holding them.
 */
export function addPoolGauges(metrics: Metrics, pool: pg.Pool): void {
  metrics.addScrapeGauge({ name: 'db_pool_clients', help: 'Connections the PostgreSQL pool holds open (busy and idle).', read: () => pool.totalCount });
  metrics.addScrapeGauge({ name: 'db_pool_idle_clients', help: 'Open connections of the pool that no query is using.', read: () => pool.idleCount });
  metrics.addScrapeGauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a connection because every connection of the pool is busy.',
    read: () => pool.waitingCount,
  });
  metrics.addScrapeGauge({
    name: 'db_pool_max_clients',
    help: 'The most connections the pool opens (DATABASE_POOL_SIZE).',
    read: () => pool.options.max ?? 10,
  });
}
