import PgBoss from 'pg-boss';
import bossVersion from 'pg-boss/version.json' with { type: 'json' };
import type pg from 'pg';

/*
 * The job queue's schema (pg-boss's tables, in a schema of their own, and the portal's queues): part of
 * the database, so created and upgraded by the migrator under the migrations' advisory lock
 * (migrator.ts). The queue itself, which instances start, is jobs/job-queue.ts.
 */

export const jobQueueSchema = 'pgboss';

/** The schema version this build of pg-boss needs; part of what "migrated" means. */
export const jobQueueSchemaVersion: number = bossVersion.schema;

/** The queues, created by the migrator. Retry policies are given per job (mail/outbox.ts). */
export const queueNames = {
  mail: 'mail',
  retention: 'retention',
  accessEnd: 'access-end',
  apiKeyExpiry: 'api-key-expiry',
  eppCertificateExpiry: 'epp-certificate-expiry',
  eppPasswordAge: 'epp-password-age',
  webhookDelivery: 'webhook-delivery',
  webhookSweep: 'webhook-sweep',
  ruleSearchCounts: 'rule-search-counts',
  ruleExpiries: 'rule-expiries',
  ruleMailImmediate: 'rule-mail-immediate',
  ruleMailDigest: 'rule-mail-digest',
} as const;

/**
 * Queues with a policy other than pg-boss's standard: `short` keeps one job per singleton key waiting,
 * so the events of a burst queue one delivery job per endpoint (modules/webhooks/webhook-queue.ts).
 */
const queueOptions: Partial<Record<string, PgBoss.Queue>> = { 'webhook-delivery': { name: 'webhook-delivery', policy: 'short' } };

/** pg-boss's connection interface over a pool or one client of it (the migrator holds its lock on one). */
export function connectionOfPg(client: pg.Pool | pg.PoolClient): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // No values: the simple protocol, which lets pg-boss send several statements at once.
      const result = values && values.length > 0 ? await client.query(text, values) : await client.query(text);
      return { rows: result.rows };
    },
  };
}

async function installedVersion(client: pg.Pool | pg.PoolClient): Promise<number | undefined> {
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('${jobQueueSchema}.version') IS NOT NULL AS present`);
  if (!rows[0]?.present) return undefined;
  const version = await client.query<{ version: number }>(`SELECT version FROM ${jobQueueSchema}.version`);
  return version.rows[0]?.version;
}

/** Whether the job queue's schema is missing or older than this build needs. */
export async function jobQueuePending(pool: pg.Pool): Promise<boolean> {
  return (await installedVersion(pool)) !== jobQueueSchemaVersion;
}

/**
 * Creates or upgrades the job queue's schema and its queues; the migrator calls it while it holds
 * the migrations' lock, on the client that holds it. Returns what it did, for the migrator's log.
 */
export async function migrateJobQueue(client: pg.PoolClient): Promise<string | undefined> {
  const installed = await installedVersion(client);
  let done: string | undefined;
  if (installed === undefined) {
    await client.query(PgBoss.getConstructionPlans(jobQueueSchema));
    done = `job queue created (pg-boss schema ${jobQueueSchemaVersion})`;
  } else if (installed < jobQueueSchemaVersion) {
    await client.query(PgBoss.getMigrationPlans(jobQueueSchema, String(installed)));
    done = `job queue upgraded (pg-boss schema ${installed} to ${jobQueueSchemaVersion})`;
  } else if (installed > jobQueueSchemaVersion) {
    throw new Error(`The job queue's schema (${installed}) is newer than this build's (${jobQueueSchemaVersion}): a newer portal migrated this database`);
  }
  const boss = new PgBoss({ db: connectionOfPg(client), schema: jobQueueSchema });
  for (const name of Object.values(queueNames)) {
    // No-op for a queue that exists (pg-boss's create_queue inserts ON CONFLICT DO NOTHING).
    await boss.createQueue(name, queueOptions[name]);
  }
  return done;
}
