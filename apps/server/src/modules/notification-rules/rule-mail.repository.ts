import { sql, type SQL } from 'drizzle-orm';
import { defaultRuleMailChoice, type RuleMailChoice } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import type { Executor } from '../../jobs/job-queue';

/* SQL of the rule hit mails (rule-mail.ts): who has hits to mail, claiming them, and the stop links. */

export type MailedChoice = Exclude<RuleMailChoice, 'off'>;

/** A user with hits not mailed yet, made before `before`, whose choice is `mode`; with their registrar's status. */
export interface UnmailedRecipient {
  username: string;
  registrar_handle: string;
  registrar_status: string;
  [key: string]: unknown;
}

/** Whether a hit made at `at` is due in a `mode` mail at `now`: any made by now, or (the digest) any before the Brussels day began. */
const due = (at: SQL, mode: MailedChoice, now: Date) =>
  mode === 'immediate'
    ? sql`${at} <= ${now}::timestamptz`
    : sql`${at} < (date_trunc('day', ${now}::timestamptz AT TIME ZONE 'Europe/Brussels') AT TIME ZONE 'Europe/Brussels')`;

const choiceOf = (username: SQL) => sql`coalesce((SELECT m.mail FROM rule_mail_choices m WHERE m.username = ${username}), ${defaultRuleMailChoice})`;

export async function unmailedRecipients(db: Db, mode: MailedChoice, now: Date): Promise<UnmailedRecipient[]> {
  const { rows } = await db.execute<UnmailedRecipient>(sql`
    SELECT u.username, u.registrar_handle, r.status AS registrar_status
      FROM (SELECT DISTINCT h.username, h.registrar_handle FROM rule_hits h WHERE h.mailed_at IS NULL AND ${due(sql.raw('h.at'), mode, now)}) u
      JOIN registrars r ON r.handle = u.registrar_handle
     WHERE ${choiceOf(sql`u.username`)} = ${mode}
     ORDER BY u.username, u.registrar_handle`);
  return rows;
}

export interface ClaimedHit {
  at: Date;
  text: string;
}

/**
 * Marks the user's unmailed hits of that registrar up to the cutoff as mailed, in the caller's
 * transaction, if the user's choice is still `mode`; answers how many it claimed and `listed` of
 * them, oldest first: each rule's first hit before any rule's second, so a rule that fired is named
 * in the mail however many hits another rule made (up to `listed` rules). `mailed_at IS NULL` in
 * the UPDATE is what keeps two runs from claiming one hit: the second waits for the first's row
 * locks, then finds them mailed.
 */
export async function claimHits(
  tx: Executor,
  claim: { username: string; registrarHandle: string; mode: MailedChoice; now: Date; listed: number },
): Promise<{ total: number; hits: ClaimedHit[] }> {
  const { username, registrarHandle, mode, now } = claim;
  const { rows } = await tx.execute<{ total: number; at: string; text: string; [key: string]: unknown }>(sql`
    WITH claimed AS (
      UPDATE rule_hits SET mailed_at = ${now}
       WHERE username = ${username} AND registrar_handle = ${registrarHandle} AND mailed_at IS NULL
         AND ${due(sql.raw('at'), mode, now)} AND ${choiceOf(sql`${username}`)} = ${mode}
      RETURNING id, at, rule_id, text),
    ranked AS (
      SELECT id, at, text, count(*) OVER () AS total, row_number() OVER (PARTITION BY rule_id ORDER BY at, id) AS nth FROM claimed),
    listed AS (SELECT * FROM ranked ORDER BY nth > 1, at, id LIMIT ${claim.listed})
    SELECT total::int AS total, at, text FROM listed ORDER BY at, id`);
  return { total: rows[0]?.total ?? 0, hits: rows.map((row) => ({ at: new Date(row.at), text: row.text })) };
}

export async function insertStopLink(tx: Executor, username: string, tokenHash: string, now: Date): Promise<void> {
  await tx.execute(sql`INSERT INTO rule_mail_stop_links (token_hash, username, created_at) VALUES (${tokenHash}, ${username}, ${now})`);
}

/** The user of a stop link not used yet and made after `notBefore`, or undefined. */
export async function stopLinkUser(db: Executor, tokenHash: string, notBefore: Date): Promise<string | undefined> {
  const { rows } = await db.execute<{ username: string }>(
    sql`SELECT username FROM rule_mail_stop_links WHERE token_hash = ${tokenHash} AND used_at IS NULL AND created_at >= ${notBefore}`,
  );
  return rows[0]?.username;
}

/** Spends a usable stop link and every other link of its user; answers the user, or undefined when it was not usable. */
export async function spendStopLink(tx: Executor, tokenHash: string, notBefore: Date, now: Date): Promise<string | undefined> {
  const { rows } = await tx.execute<{ username: string }>(sql`
    UPDATE rule_mail_stop_links SET used_at = ${now}
     WHERE token_hash = ${tokenHash} AND used_at IS NULL AND created_at >= ${notBefore}
    RETURNING username`);
  const username = rows[0]?.username;
  if (username !== undefined) {
    await tx.execute(sql`UPDATE rule_mail_stop_links SET used_at = ${now} WHERE username = ${username} AND used_at IS NULL`);
  }
  return username;
}

/** Stop links past their lifetime, used or not, go. */
export async function deleteStopLinksBefore(db: Executor, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM rule_mail_stop_links WHERE created_at < ${before}`);
}
