import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/database';
import { connectionOfPg, jobQueueSchema } from '../db/job-queue-schema';

/*
 * Background work (the mail relay, the retention job) runs on pg-boss, a job queue kept in this
 * database: jobs are rows, so a job is added in the same transaction as the change that causes it,
 * and every instance of the portal takes jobs with SELECT … FOR UPDATE SKIP LOCKED, so each job is
 * done once however many instances run. Its tables live in their own schema, created and upgraded
 * by the portal's migrator under the migrations' advisory lock (db/job-queue-schema.ts); instances only
 * check that the schema is there. pg-boss speaks through the portal's own pool: no second pool.
 */

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
