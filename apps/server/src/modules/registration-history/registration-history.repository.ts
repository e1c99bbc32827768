import { sql, type SQL } from 'drizzle-orm';
import { registrationHistoryComparedFields, type DomainSearchFilters } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { labelBit } from '../../db/facets';
import { sqlRows } from '../../db/sql-rows';
import { contactVisibleTo } from '../registrations/contact.repository';
import type { SearchPlan } from '../registrations/search-pattern';

/*
 * SQL of the registrations' past, over `registration_versions` (migration 0033): a version is valid
 * from `valid_from` (included) to `valid_to` (excluded, `infinity` while current) and belongs to the
 * registrar that sponsored the registration then. Every read names the caller's registrar, so a
 * registration transferred away is in the old registrar's past up to the transfer and in the new
 * one's from it, never in both.
 */

export interface VersionRow {
  domainId: string;
  name: string;
  aLabel: string;
  createdAt: Date;
  validFrom: Date;
  /** Null while the version is current. */
  validTo: Date | null;
  state: Record<string, unknown>;
  registrantName: string | null;
  registrantEmail: string | null;
  /** Whether the registrant's contact exists today. */
  registrantKnown: boolean;
}

/** From when the past is known; undefined before the first feed run took its baseline. */
export async function historyKnownFrom(db: Db): Promise<Date | undefined> {
  const [row] = await sqlRows<{ knownFrom: Date }>(db, sql`SELECT known_from AS "knownFrom" FROM registration_history_start`);
  return row?.knownFrom;
}

/** Filter values are closed lists or checked dates, so they are written into the statement, as the search does. */
const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);
const statusesOf = sql`ARRAY(SELECT jsonb_array_elements_text(v.state->'statuses'))`;

/**
 * The search's filters tested against a version's recorded state, with the SQL functions the
 * portfolio's facets use for the lifecycle status and the labels (migration 0010), so a filter means
 * the same on a date as today. Expiry days are Brussels days.
 */
export function versionFilterCondition(filters: DomainSearchFilters): SQL {
  const parts: SQL[] = [];
  const expiresOn = sql`(((v.state->>'expiresAt')::timestamptz) AT TIME ZONE 'Europe/Brussels')::date`;
  if (filters.status) parts.push(sql`registration_lifecycle(${statusesOf}) = ${literal(filters.status)}`);
  if (filters.label) parts.push(sql`registration_labels(${statusesOf}) & ${sql.raw(String(labelBit(filters.label)))} <> 0`);
  if (filters.rgp) parts.push(filters.rgp === 'NONE' ? sql`v.state->>'rgpStatus' IS NULL` : sql`v.state->>'rgpStatus' = ${literal(filters.rgp)}`);
  if (filters.idn) parts.push(sql`(v.a_label LIKE 'xn--%' OR v.a_label LIKE '%.xn--%')`);
  if (filters.expiresFrom) parts.push(sql`${expiresOn} >= ${literal(filters.expiresFrom)}::date`);
  if (filters.expiresTo) parts.push(sql`${expiresOn} <= ${literal(filters.expiresTo)}::date`);
  if (filters.registrant) parts.push(sql`v.state->>'registrant' = ${filters.registrant}`);
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/** The name pattern on the version's U-label or A-label, as the search plans it (exact or LIKE). */
function nameCondition(plan: SearchPlan | null): SQL {
  if (plan === null) return sql`TRUE`;
  const column = sql.raw(plan.column === 'a_label' ? 'v.a_label' : 'v.domain_name');
  return plan.strategy === 'exact' ? sql`${column} = ${plan.value}` : sql`${column} LIKE ${plan.value}`;
}

/** The past's reads are planned with their values: an instant or a period decides the plan (sql-rows.ts). */
const planEachCall = { planEachCall: true };

export interface PortfolioQuery {
  registrarHandle: string;
  at: Date;
  plan: SearchPlan | null;
  filters: DomainSearchFilters;
}

/** The versions of the registrar's registrations valid at the instant that pass the name and filters. */
export function portfolioCondition(q: PortfolioQuery): SQL {
  return sql`v.registrar_handle = ${q.registrarHandle} AND v.valid_from <= ${q.at.toISOString()}::timestamptz AND v.valid_to > ${q.at.toISOString()}::timestamptz
             AND ${nameCondition(q.plan)} AND ${versionFilterCondition(q.filters)}`;
}

const versionColumns = sql`v.domain_id::text AS "domainId", v.domain_name AS name, v.a_label AS "aLabel", v.created_at AS "createdAt",
  v.valid_from AS "validFrom", CASE WHEN v.valid_to = 'infinity' THEN NULL ELSE v.valid_to END AS "validTo", v.state,
  c.name AS "registrantName", c.email AS "registrantEmail", c.handle IS NOT NULL AS "registrantKnown"`;
/**
 * Today's registrant contact, beside the handle the version holds, only where the registrar may see
 * that contact today (`contactVisibleTo`): a registrant that went with a registration transferred
 * away, and belongs to the other registrar now, shows by its handle alone in the old registrar's past.
 */
const registrantToday = sql`LEFT JOIN contacts c ON c.handle = v.state->>'registrant'
  AND ${contactVisibleTo({ handle: sql.raw('c.handle'), owner: sql.raw('c.registrar_handle') }, sql.raw('v.registrar_handle'))}`;

/** A page of the portfolio at the instant, in name order. */
export async function portfolioPage(db: Db, q: PortfolioQuery, offset: number, size: number): Promise<VersionRow[]> {
  return sqlRows<VersionRow>(
    db,
    sql`SELECT ${versionColumns} FROM registration_versions v ${registrantToday}
         WHERE ${portfolioCondition(q)} ORDER BY v.domain_name, v.domain_id LIMIT ${size} OFFSET ${offset}`,
    planEachCall,
  );
}

export async function portfolioCount(db: Db, q: PortfolioQuery): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM registration_versions v WHERE ${portfolioCondition(q)}`, planEachCall);
  return row?.n ?? 0;
}

/** The portfolio at the instant as the domain report's columns (U-label, A-label, registrant then, created, expiry then), for COPY. */
export function portfolioExportQuery(q: PortfolioQuery, text: (column: string) => string, timestamp: (column: string) => string): SQL {
  return sql`SELECT ${sql.raw(text('v.domain_name'))}, ${sql.raw(text('v.a_label'))}, ${sql.raw(text(`v.state->>'registrant'`))},
                    ${sql.raw(timestamp('v.created_at'))}, ${sql.raw(timestamp(`(v.state->>'expiresAt')::timestamptz`))}
               FROM registration_versions v WHERE ${portfolioCondition(q)} ORDER BY v.domain_name, v.domain_id`;
}

/**
 * A registration's versions in the registrar's past, newest first, by its U-label (the feed keeps
 * `domain_name` in canonical Unicode form, feed/check.ts): one range of the registrar's name index.
 */
export async function timelinePage(db: Db, registrarHandle: string, uLabel: string, offset: number, size: number): Promise<VersionRow[]> {
  return sqlRows<VersionRow>(
    db,
    sql`SELECT ${versionColumns} FROM registration_versions v ${registrantToday}
         WHERE v.registrar_handle = ${registrarHandle} AND v.domain_name = ${uLabel}
         ORDER BY v.valid_from DESC, v.domain_id LIMIT ${size} OFFSET ${offset}`,
  );
}

export async function timelineCount(db: Db, registrarHandle: string, uLabel: string): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM registration_versions v WHERE v.registrar_handle = ${registrarHandle} AND v.domain_name = ${uLabel}`,
  );
  return row?.n ?? 0;
}

/** The compared fields of a state as one jsonb object. */
const compared = (alias: string) =>
  sql.raw(`jsonb_build_object(${registrationHistoryComparedFields.map((field) => `'${field}', ${alias}.state->'${field}'`).join(', ')})`);
/**
 * Whether two states differ in a compared field: field by field, stopping at the first (three times
 * faster than comparing the objects `compared` builds, and the same answer: a state holds every field,
 * JSON null included, as the change record's `registrationStateSql` builds it).
 */
const differ = (a: string, b: string) =>
  sql.raw(`(${registrationHistoryComparedFields.map((field) => `${a}.state->'${field}' IS DISTINCT FROM ${b}.state->'${field}'`).join(' OR ')})`);
/** How many compared fields two states differ in: the lines a change takes in the changes file. */
const differing = (a: string, b: string) =>
  sql.raw(`(${registrationHistoryComparedFields.map((field) => `(${a}.state->'${field}' IS DISTINCT FROM ${b}.state->'${field}')::int`).join(' + ')})`);

/**
 * The two sides of the changes between instants `f` and `t`, as conditions on a version `v` of the
 * registrar's. A registrar's versions of one registration never overlap, so a registration can
 * differ only if the version it had at `f` ended in between (`before`) or the version it has at `t`
 * began in between (`after`); every other one held the same version throughout, or none.
 */
function sides(registrarHandle: string, f: SQL, t: SQL) {
  return {
    before: (v: string) =>
      sql`${sql.raw(v)}.registrar_handle = ${registrarHandle} AND ${sql.raw(v)}.valid_to > ${f} AND ${sql.raw(v)}.valid_to <= ${t} AND ${sql.raw(v)}.valid_from <= ${f}`,
    after: (v: string) =>
      sql`${sql.raw(v)}.registrar_handle = ${registrarHandle} AND ${sql.raw(v)}.valid_from > ${f} AND ${sql.raw(v)}.valid_from <= ${t} AND ${sql.raw(v)}.valid_to > ${t}`,
  };
}

/**
 * What changed in the registrar's portfolio between two instants, one row per registration: its
 * version at the start (`b`) and at the end (`a`), compared. Both sides are read once each (through
 * the registrar's indexes on `valid_to` and `valid_from`) and joined on the registration, rather than
 * each registration looked up twice. Columns: `domain_id`, `name`, `kind`, the compared fields `b`
 * and `a`, and how many of them `differing` (PostgreSQL computes only the columns a query uses).
 */
function classifiedSql(registrarHandle: string, f: SQL, t: SQL): SQL {
  const { before, after } = sides(registrarHandle, f, t);
  return sql`
    SELECT COALESCE(a.domain_id, b.domain_id) AS domain_id, COALESCE(a.domain_name, b.domain_name) AS name,
           CASE WHEN b.domain_id IS NULL THEN 'added' WHEN a.domain_id IS NULL THEN 'removed' ELSE 'changed' END AS kind,
           ${compared('b')} AS b, ${compared('a')} AS a, ${differing('a', 'b')} AS differing
      FROM (SELECT domain_id, domain_name, state FROM registration_versions b WHERE ${before('b')}) b
      FULL JOIN (SELECT domain_id, domain_name, state FROM registration_versions a WHERE ${after('a')}) a ON a.domain_id = b.domain_id
     WHERE a.domain_id IS NULL OR b.domain_id IS NULL OR ${differ('a', 'b')}`;
}

/**
 * A page of one kind, in name order, with `classifiedSql`'s columns. Each kind is walked from the side
 * that names it (the end's version for an addition or a change, the start's for a removal) in the
 * registrar's name order, its other side looked up by the registration: the first page of a wide
 * range stops after its rows instead of classifying every registration the range touched.
 */
function kindPageSql(registrarHandle: string, f: SQL, t: SQL, kind: ChangeRow['kind'], offset: number, size: number): SQL {
  const { before, after } = sides(registrarHandle, f, t);
  const order = (v: string) => sql`ORDER BY ${sql.raw(v)}.domain_name, ${sql.raw(v)}.domain_id LIMIT ${size} OFFSET ${offset}`;
  switch (kind) {
    case 'changed':
      return sql`SELECT a.domain_id, a.domain_name AS name, 'changed' AS kind, ${compared('b')} AS b, ${compared('a')} AS a
                   FROM registration_versions a JOIN registration_versions b ON b.domain_id = a.domain_id AND ${before('b')}
                  WHERE ${after('a')} AND ${differ('a', 'b')} ${order('a')}`;
    case 'added':
      return sql`SELECT a.domain_id, a.domain_name AS name, 'added' AS kind, NULL::jsonb AS b, ${compared('a')} AS a
                   FROM registration_versions a
                  WHERE ${after('a')} AND NOT EXISTS (SELECT 1 FROM registration_versions b WHERE b.domain_id = a.domain_id AND ${before('b')}) ${order('a')}`;
    case 'removed':
      return sql`SELECT b.domain_id, b.domain_name AS name, 'removed' AS kind, ${compared('b')} AS b, NULL::jsonb AS a
                   FROM registration_versions b
                  WHERE ${before('b')} AND NOT EXISTS (SELECT 1 FROM registration_versions a WHERE a.domain_id = b.domain_id AND ${after('a')}) ${order('b')}`;
  }
}

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * The classified rows of `source` (columns of `classifiedSql`) as changes: an addition's or removal's
 * cause, and a change's differing fields before and after. Run on a page's rows only where it can be,
 * as the cause looks up the other registrars' versions of the registration.
 */
function describedSql(registrarHandle: string, f: SQL, t: SQL, source: SQL): SQL {
  return sql`
    SELECT x.domain_id::text AS "domainId", x.name, x.kind,
           CASE x.kind
             WHEN 'added' THEN CASE WHEN EXISTS (SELECT 1 FROM registration_versions o WHERE o.domain_id = x.domain_id AND o.registrar_handle <> ${registrarHandle}
                                                    AND o.valid_to > ${f} AND o.valid_to <= ${t}) THEN 'transferredIn' ELSE 'created' END
             WHEN 'removed' THEN CASE WHEN EXISTS (SELECT 1 FROM registration_versions o WHERE o.domain_id = x.domain_id AND o.registrar_handle <> ${registrarHandle}
                                                      AND o.valid_from > ${f} AND o.valid_from <= ${t}) THEN 'transferredAway' ELSE 'deleted' END
           END AS cause,
           CASE WHEN x.kind = 'added' THEN NULL WHEN x.kind = 'removed' THEN x.b
                ELSE (SELECT jsonb_object_agg(key, x.b->key) FROM jsonb_object_keys(x.b) key WHERE x.b->key IS DISTINCT FROM x.a->key) END AS before,
           CASE WHEN x.kind = 'removed' THEN NULL WHEN x.kind = 'added' THEN x.a
                ELSE (SELECT jsonb_object_agg(key, x.a->key) FROM jsonb_object_keys(x.a) key WHERE x.b->key IS DISTINCT FROM x.a->key) END AS after
      FROM (${source}) x`;
}

/** Every change between the two instants, described (columns of `ChangeRow`), in no order. */
export function changesSql(registrarHandle: string, from: Date, to: Date): SQL {
  const [f, t] = [instant(from), instant(to)];
  return describedSql(registrarHandle, f, t, classifiedSql(registrarHandle, f, t));
}

export interface ChangeRow {
  domainId: string;
  name: string;
  kind: 'added' | 'removed' | 'changed';
  cause: 'created' | 'transferredIn' | 'deleted' | 'transferredAway' | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The lines of the changes file: one per addition or removal, one per field that differs in a change. */
export async function changeLineCount(db: Db, registrarHandle: string, from: Date, to: Date): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(CASE WHEN kind = 'changed' THEN differing ELSE 1 END), 0)::int AS n
          FROM (${classifiedSql(registrarHandle, instant(from), instant(to))}) c`,
    planEachCall,
  );
  return row?.n ?? 0;
}

export async function changeCounts(db: Db, registrarHandle: string, from: Date, to: Date): Promise<Record<ChangeRow['kind'], number>> {
  const rows = await sqlRows<{ kind: ChangeRow['kind']; n: number }>(
    db,
    sql`SELECT kind, count(*)::int AS n FROM (${classifiedSql(registrarHandle, instant(from), instant(to))}) c GROUP BY kind`,
    planEachCall,
  );
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

/** A page of one kind of change in name order, described after the page is cut. */
export async function changesPage(
  db: Db,
  registrarHandle: string,
  from: Date,
  to: Date,
  kind: ChangeRow['kind'],
  offset: number,
  size: number,
): Promise<ChangeRow[]> {
  const [f, t] = [instant(from), instant(to)];
  return sqlRows<ChangeRow>(
    db,
    sql`${describedSql(registrarHandle, f, t, kindPageSql(registrarHandle, f, t, kind, offset, size))} ORDER BY x.name, x.domain_id`,
    planEachCall,
  );
}
