import { sql, type SQL } from 'drizzle-orm';
import { personalDataReadAction, type AuditAction, type SignInOutcome } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { intoMonthlyPartition } from '../../db/into-monthly-partition';

/**
 * The registrar's history: its audit trail (`audit_events`, by registrar handle), the sign-ins of
 * its accounts (`sign_in_attempts`, by the username's suffix, `sign_in_attempts_registrar_idx` of
 * migration 0011), both read through their `*_trail` views (migration 0025: the old rows not copied
 * yet too), and, for ADMIN users only, the personal-data log (`personal_data_reads`, by registrar
 * handle), as one list ordered newest first, then by source at the same instant (audit entries,
 * then the personal-data log, then sign-ins), then by id, newest first. Read only: nothing here
 * changes an entry.
 */

/** `a` audit trail, `p` personal-data log, `s` sign-ins: also their order at the same instant. */
export type HistorySource = 'a' | 'p' | 's';

export interface HistoryRow {
  source: HistorySource;
  id: number;
  at: Date;
  /** The instant in microseconds since the epoch, exact (a Date keeps milliseconds): the keyset's key. */
  atMicros: string;
  username: string | null;
  action: string;
  details: Record<string, unknown>;
  ip: string | null;
}

export interface HistoryScope {
  registrarHandle: string;
  /** Usernames to keep (any of them); none: every user. */
  usernames?: string[];
  /** Audit actions to keep; `[]` none of the audit trail; undefined: every action. */
  actions?: readonly AuditAction[];
  /** Whether sign-ins are part of the list. */
  signIns: boolean;
  /** Whether the personal-data log is part of the list (only ever for a caller who may read it). */
  personalData: boolean;
  /** From this instant, included. */
  from?: Date;
  /** Before this instant, excluded. */
  before?: Date;
}

/** Where a page continues after: the last row of the page before. */
export interface HistoryCursor {
  atMicros: string;
  source: HistorySource;
  id: number;
}

/** The registrar a sign-in record belongs to: its username's suffix, lower-cased (the index's expression). */
const signInRegistrarSql = sql`lower(substring(username from '@([^@]*)$'))`;
const instantOf = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * A source's rows after the cursor: at the cursor's instant, a source ordered before the cursor's
 * has none left, one ordered after has all of them, the cursor's own those with a smaller id.
 */
function afterCursor(source: HistorySource, cursor: HistoryCursor): SQL {
  const at = instantOf(cursor.atMicros);
  if (cursor.source === source) return sql`(at < ${at} OR (at = ${at} AND id < ${cursor.id}))`;
  return cursor.source < source ? sql`at <= ${at}` : sql`at < ${at}`;
}

function auditWhere(scope: HistoryScope, cursor?: HistoryCursor): SQL {
  const conditions: SQL[] = [sql`registrar_handle = ${scope.registrarHandle}`];
  if (scope.usernames)
    conditions.push(
      sql`username IN (${sql.join(
        scope.usernames.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
  if (scope.actions)
    conditions.push(
      sql`action IN (${sql.join(
        scope.actions.map((action) => sql`${action}`),
        sql`, `,
      )})`,
    );
  if (scope.from) conditions.push(sql`at >= ${scope.from}`);
  if (scope.before) conditions.push(sql`at < ${scope.before}`);
  if (cursor) conditions.push(afterCursor('a', cursor));
  return sql.join(conditions, sql` AND `);
}

function signInWhere(scope: HistoryScope, cursor?: HistoryCursor): SQL {
  const conditions: SQL[] = [sql`${signInRegistrarSql} = lower(${scope.registrarHandle})`];
  if (scope.usernames)
    conditions.push(
      sql`username IN (${sql.join(
        scope.usernames.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
  if (scope.from) conditions.push(sql`at >= ${scope.from}`);
  if (scope.before) conditions.push(sql`at < ${scope.before}`);
  if (cursor) conditions.push(afterCursor('s', cursor));
  return sql.join(conditions, sql` AND `);
}

function personalDataWhere(scope: HistoryScope, cursor?: HistoryCursor): SQL {
  const conditions: SQL[] = [sql`registrar_handle = ${scope.registrarHandle}`];
  if (scope.usernames)
    conditions.push(
      sql`username IN (${sql.join(
        scope.usernames.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
  if (scope.from) conditions.push(sql`at >= ${scope.from}`);
  if (scope.before) conditions.push(sql`at < ${scope.before}`);
  if (cursor) conditions.push(afterCursor('p', cursor));
  return sql.join(conditions, sql` AND `);
}

const hasAudit = (scope: HistoryScope) => scope.actions === undefined || scope.actions.length > 0;

/** Both sources' rows, each at most `limit` (what the merged list can use), newest first. */
function historySql(scope: HistoryScope, limit: number, cursor?: HistoryCursor): SQL {
  const branches: SQL[] = [];
  if (hasAudit(scope)) {
    branches.push(sql`(SELECT 'a' AS source, id, at, username, action, details, ip FROM audit_trail
      WHERE ${auditWhere(scope, cursor)} ORDER BY at DESC, id DESC LIMIT ${limit})`);
  }
  if (scope.personalData) {
    branches.push(sql`(SELECT 'p' AS source, id, at, username, ${personalDataReadAction} AS action,
      jsonb_strip_nulls(jsonb_build_object('operation', operation, 'params', params, 'rows', rows, 'handles', to_jsonb(handles))) AS details, ip
      FROM personal_data_reads WHERE ${personalDataWhere(scope, cursor)} ORDER BY at DESC, id DESC LIMIT ${limit})`);
  }
  if (scope.signIns) {
    branches.push(sql`(SELECT 's' AS source, id, at, username, 'signIn.' || outcome AS action, '{}'::jsonb AS details, ip FROM sign_in_trail
      WHERE ${signInWhere(scope, cursor)} ORDER BY at DESC, id DESC LIMIT ${limit})`);
  }
  return sql.join(branches, sql` UNION ALL `);
}

interface RawRow extends Record<string, unknown> {
  source: HistorySource;
  id: string | number;
  at: string | Date;
  at_micros: string;
  username: string | null;
  action: string;
  details: Record<string, unknown> | null;
  ip: string | null;
}

function rowOf(raw: RawRow): HistoryRow {
  return {
    source: raw.source,
    id: Number(raw.id),
    at: raw.at instanceof Date ? raw.at : new Date(raw.at),
    atMicros: String(raw.at_micros),
    username: raw.username,
    action: raw.action,
    details: raw.details ?? {},
    ip: raw.ip,
  };
}

async function selectRows(db: Db, scope: HistoryScope, options: { limit: number; offset?: number; cursor?: HistoryCursor }): Promise<HistoryRow[]> {
  if (!hasAudit(scope) && !scope.signIns && !scope.personalData) return [];
  const offset = options.offset ?? 0;
  const result =
    await db.execute<RawRow>(sql`SELECT source, id, at, (extract(epoch FROM at) * 1000000)::bigint::text AS at_micros, username, action, details, ip
    FROM (${historySql(scope, offset + options.limit, options.cursor)}) AS history
    ORDER BY at DESC, source, id DESC OFFSET ${offset} LIMIT ${options.limit}`);
  return result.rows.map(rowOf);
}

/** One page of the history: `limit` rows after skipping `offset` (bounded by the caller). */
export function historyPage(db: Db, scope: HistoryScope, offset: number, limit: number): Promise<HistoryRow[]> {
  return selectRows(db, scope, { offset, limit });
}

/** The next `limit` rows after `cursor` (the CSV export walks the whole history this way). */
export function historyAfter(db: Db, scope: HistoryScope, cursor: HistoryCursor | undefined, limit: number): Promise<HistoryRow[]> {
  return selectRows(db, scope, { cursor, limit });
}

/** How many rows match, counted up to `cap + 1` per source (enough to tell "more than cap"). */
export async function countHistory(db: Db, scope: HistoryScope, cap: number): Promise<number> {
  const counts: SQL[] = [];
  if (hasAudit(scope)) counts.push(sql`(SELECT count(*) FROM (SELECT 1 FROM audit_trail WHERE ${auditWhere(scope)} LIMIT ${cap + 1}) AS a)`);
  if (scope.personalData) counts.push(sql`(SELECT count(*) FROM (SELECT 1 FROM personal_data_reads WHERE ${personalDataWhere(scope)} LIMIT ${cap + 1}) AS p)`);
  if (scope.signIns) counts.push(sql`(SELECT count(*) FROM (SELECT 1 FROM sign_in_trail WHERE ${signInWhere(scope)} LIMIT ${cap + 1}) AS s)`);
  if (counts.length === 0) return 0;
  const result = await db.execute<{ n: string }>(sql`SELECT (${sql.join(counts, sql` + `)})::text AS n`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Keycloak mode: records a session's sign-in (its first API request) once, whichever request or
 * instance gets there first. A partitioned table has no unique index without its partition column,
 * so a transaction lock on the session id serialises its writers and the insert happens only when no
 * row of that session exists (the second writer's statement starts after the first one's commit, and
 * sees it). True when this call recorded it. A success unless the API refused the session (`registrarBlocked`).
 */
export async function insertSessionSignIn(
  db: Db,
  attempt: { username: string; ip: string; sessionId: string; outcome?: Extract<SignInOutcome, 'success' | 'registrarBlocked'> },
): Promise<boolean> {
  return intoMonthlyPartition(db, 'sign_in_attempts', async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`session-sign-in:${attempt.sessionId}`}))`);
    const result = await tx.execute(sql`INSERT INTO sign_in_attempts (username, ip, outcome, session_id)
      SELECT ${attempt.username}, ${attempt.ip}, ${attempt.outcome ?? 'success'}, ${attempt.sessionId}
      WHERE NOT EXISTS (SELECT 1 FROM sign_in_trail WHERE session_id = ${attempt.sessionId})`);
    return (result.rowCount ?? 0) > 0;
  });
}
