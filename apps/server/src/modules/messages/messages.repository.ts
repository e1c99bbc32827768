import { sql, type SQL } from 'drizzle-orm';
import type { InboxMessageKind } from '@registrar-panel/contract';
import type { Db } from '../../db/database';

/*
 * SQL on the registry's messages (`registry_messages`, written by the feed) and each user's read
 * marks (`registry_message_reads`). What a caller sees is one predicate (`Audience`): the messages to
 * its registrar and the announcements to all, or only the announcements among them; beside them, for
 * a user who reads registrations, the notification rules' hits addressed to that user (`rule_hits`,
 * kind `ruleHit`, with negative ids so that they never meet the registry's and share the read marks).
 */

export interface Audience {
  registrarHandle: string;
  username: string;
  /** Sees the messages about registrations too, not only the announcements. */
  registrations: boolean;
}

export type MessageRow = {
  id: number;
  at: Date;
  kind: InboxMessageKind;
  domain: string | null;
  text: string;
  toAll: boolean;
  read: boolean;
  pinned: boolean;
};

export interface MessageFilters {
  kind?: InboxMessageKind;
  unread?: boolean;
  /** Brussels days, both included. */
  from?: string;
  to?: string;
  domain?: string;
  before?: { at: Date; id: number };
}

/** The caller's inbox: the registry's messages, and the caller's own rule hits when it reads registrations. */
const inbox = (a: Audience) =>
  a.registrations
    ? sql`(SELECT id, at, registrar_handle, kind, domain_name, text FROM registry_messages
           UNION ALL
           SELECT -h.id, h.at, h.registrar_handle, 'ruleHit', h.domain_name, h.text FROM rule_hits h WHERE h.username = ${a.username})`
    : sql`registry_messages`;

const visible = (a: Audience) =>
  sql`(m.registrar_handle = ${a.registrarHandle} OR m.registrar_handle IS NULL)${a.registrations ? sql`` : sql` AND m.kind = 'announcement'`}`;

const columns = sql`m.id::float8 AS id, m.at, m.kind, m.domain_name AS domain, m.text, m.registrar_handle IS NULL AS "toAll",
  r.message_id IS NOT NULL AS read, (m.kind = 'announcement' AND r.dismissed_at IS NULL) AS pinned`;

const withMarks = (a: Audience) => sql`${inbox(a)} m LEFT JOIN registry_message_reads r ON r.username = ${a.username} AND r.message_id = m.id`;

function conditions(f: MessageFilters): SQL[] {
  const where: SQL[] = [];
  if (f.kind) where.push(sql`m.kind = ${f.kind}`);
  if (f.unread !== undefined) where.push(f.unread ? sql`r.message_id IS NULL` : sql`r.message_id IS NOT NULL`);
  if (f.from) where.push(sql`m.at >= (${f.from}::date::timestamp AT TIME ZONE 'Europe/Brussels')`);
  if (f.to) where.push(sql`m.at < ((${f.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Brussels')`);
  if (f.domain) where.push(sql`m.domain_name = ${f.domain}`);
  if (f.before) where.push(sql`(m.at, m.id) < (${f.before.at}, ${f.before.id})`);
  return where;
}

const rows = (result: { rows: MessageRow[] }) => result.rows.map((row) => ({ ...row, at: new Date(row.at) }));

/** A page of the caller's messages, newest first (one more than `limit`, to tell whether a page follows). */
export async function listMessages(db: Db, a: Audience, f: MessageFilters, limit: number): Promise<MessageRow[]> {
  const where = sql.join([visible(a), ...conditions(f)], sql` AND `);
  return rows(await db.execute<MessageRow>(sql`SELECT ${columns} FROM ${withMarks(a)} WHERE ${where} ORDER BY m.at DESC, m.id DESC LIMIT ${limit + 1}`));
}

/** The announcements the caller has not dismissed, newest first. */
export async function pinnedAnnouncements(db: Db, a: Audience, limit: number): Promise<MessageRow[]> {
  return rows(
    await db.execute<MessageRow>(
      sql`SELECT ${columns} FROM ${withMarks(a)} WHERE ${visible(a)} AND m.kind = 'announcement' AND r.dismissed_at IS NULL ORDER BY m.at DESC, m.id DESC LIMIT ${limit}`,
    ),
  );
}

/** The caller's unread messages, counted up to `cap`: the registrar's index range and the read marks' key answer it. */
export async function countUnread(db: Db, a: Audience, cap: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM ${inbox(a)} m WHERE ${visible(a)}
        AND NOT EXISTS (SELECT 1 FROM registry_message_reads r WHERE r.username = ${a.username} AND r.message_id = m.id)
      LIMIT ${cap}) unread`);
  return result.rows[0]?.n ?? 0;
}

/** One message the caller sees, or none (another registrar's, removed, past retention). */
export async function visibleMessage(db: Db, a: Audience, id: number): Promise<{ id: number; at: Date; kind: InboxMessageKind } | undefined> {
  const result = await db.execute<{ id: number; at: Date; kind: InboxMessageKind }>(
    sql`SELECT m.id::float8 AS id, m.at, m.kind FROM ${inbox(a)} m WHERE m.id = ${id} AND ${visible(a)}`,
  );
  return result.rows[0];
}

export async function markRead(db: Db, username: string, message: { id: number; at: Date }): Promise<void> {
  await db.execute(
    sql`INSERT INTO registry_message_reads (username, message_id, message_at) VALUES (${username}, ${message.id}, ${message.at}) ON CONFLICT DO NOTHING`,
  );
}

/** Unread again; a dismissed announcement stays read (its mark holds the dismissal, which must last). */
export async function markUnread(db: Db, username: string, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM registry_message_reads WHERE username = ${username} AND message_id = ${id} AND dismissed_at IS NULL`);
}

/** Every message the caller sees, read: one statement. */
export async function markAllRead(db: Db, a: Audience): Promise<void> {
  await db.execute(sql`
    INSERT INTO registry_message_reads (username, message_id, message_at)
    SELECT ${a.username}, m.id, m.at FROM ${inbox(a)} m WHERE ${visible(a)}
    ON CONFLICT DO NOTHING`);
}

export async function dismiss(db: Db, username: string, message: { id: number; at: Date }): Promise<void> {
  await db.execute(sql`
    INSERT INTO registry_message_reads (username, message_id, message_at, dismissed_at) VALUES (${username}, ${message.id}, ${message.at}, now())
    ON CONFLICT (username, message_id) DO UPDATE SET dismissed_at = coalesce(registry_message_reads.dismissed_at, now())`);
}
