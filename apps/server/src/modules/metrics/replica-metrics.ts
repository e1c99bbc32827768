import { Counter } from 'prom-client';
import type { ReadRoute, ReadReplicas } from '../../db/read-replicas';
import { metricPrefix, type Metrics } from './metrics';

/**
 * The read replicas on `/metrics`: each one's lag and whether reads use it (read at scrape time),
 * and where the lag-tolerant reads went, by reason (db/read-replicas.ts keeps the counts).
 */
export function addReplicaMetrics(metrics: Metrics, replicas: ReadReplicas): void {
  metrics.addScrapeGauge({
    name: 'db_replica_up',
    help: 'Whether lag-tolerant reads may use the replica: 1 when it answered its last check within the lag bound, else 0.',
    labelNames: ['replica'],
    read: () => replicas.replicas.map((replica) => ({ labels: { replica: replica.name }, value: replica.available ? 1 : 0 })),
  });
  metrics.addScrapeGauge({
    name: 'db_replica_lag_seconds',
    help: "Seconds the replica is behind the primary at its last check (an upper bound, to the check's interval); none when it did not answer.",
    labelNames: ['replica'],
    read: () => replicas.replicas.flatMap((replica) => (replica.lagSeconds === null ? [] : [{ labels: { replica: replica.name }, value: replica.lagSeconds }])),
  });
  const counted: Record<ReadRoute, number> = { replica: 0, primary_no_replica: 0, primary_after_write: 0, primary_retry: 0 };
  const reads = new Counter({
    name: `${metricPrefix}db_lag_tolerant_reads_total`,
    help: "Requests of routes whose reads may go to a replica, by where they went: replica, primary_no_replica (none usable), primary_after_write (the caller's last write not yet replayed), primary_retry (the replica failed the query).",
    labelNames: ['route'],
    registers: [metrics.registry],
    collect() {
      for (const route of Object.keys(counted) as ReadRoute[]) {
        this.inc({ route }, replicas.routed[route] - counted[route]);
        counted[route] = replicas.routed[route];
      }
    },
  });
  for (const route of Object.keys(counted) as ReadRoute[]) reads.inc({ route }, 0);
}
