import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import bossVersion from 'pg-boss/version.json' with { type: 'json' };
import type pg from 'pg';
import type { Db } from '../db/database';

/*
 * Background work (the mail relay, the retention job) runs on pg-boss, a job queue kept in this
 * database: jobs are rows, so a job is added in the same transaction as the change that causes it,
 * and every instance of the portal takes jobs with SELECT … FOR UPDATE SKIP LOCKED, so each job is
 * done once however many instances run. Its tables live in their own schema, created and upgraded
 * by the portal's migrator under the migrations' advisory lock (db/migrator.ts); instances only
 * check that the schema is there. pg-boss speaks through the portal's own pool: no second pool.
 */

export const jobQueueSchema = 'pgboss';

/** The schema version this build of pg-boss needs; part of what "migrated" means. */
export const jobQueueSchemaVersion: number = bossVersion.schema;

/** The queues, created by the migrator. Retry policies are given per job (mail/outbox.ts). */
export const queueNames = { mail: 'mail', retention: 'retention', accessEnd: 'access-end', apiKeyExpiry: 'api-key-expiry' } as const;

/** Anything that runs SQL: the database, or a transaction of it (mail joins the change's transaction). */
export type Executor = Pick<Db, 'execute'>;

/** pg-boss's queries written as Drizzle SQL, so they run on a Drizzle transaction: `$n` become parameters. */
function sqlOf(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1])}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/** pg-boss's connection interface over a Drizzle database or transaction. */
export function connectionOf(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await executor.execute(sqlOf(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

/** pg-boss's connection interface over a pool or one client of it (the migrator holds its lock on one). */
function connectionOfPg(client: pg.Pool | pg.PoolClient): PgBoss.Db {
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
    await boss.createQueue(name);
  }
  return done;
}

export interface JobQueueOptions {
  pool: pg.Pool;
  /** Errors of the queue's own loops (fetching, maintenance): logged, never thrown. */
  onError: (error: Error) => void;
}

/**
 * A started pg-boss on the portal's pool: workers can be attached, cron schedules fire once across
 * the fleet, and its maintenance (expiring, archiving, deleting finished jobs) runs.
 */
export async function startJobQueue(options: JobQueueOptions & { retention: { archiveCompletedAfterSeconds: number; deleteAfterDays: number } }) {
  const boss = new PgBoss({
    db: connectionOfPg(options.pool),
    schema: jobQueueSchema,
    migrate: false,
    // Its maintenance takes up the jobs of a killed instance once their time is over (and archives,
    // deletes): every 10 s rather than its default 2 minutes, so those mails are late by seconds.
    maintenanceIntervalSeconds: 10,
    archiveCompletedAfterSeconds: options.retention.archiveCompletedAfterSeconds,
    deleteAfterDays: options.retention.deleteAfterDays,
  });
  boss.on('error', options.onError);
  await boss.start();
  return boss;
}
