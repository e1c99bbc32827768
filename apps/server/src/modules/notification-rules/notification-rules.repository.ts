import { sql } from 'drizzle-orm';
import type { NotificationRuleTarget, RuleMailChoice } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import type { Executor } from '../../jobs/job-queue';

/* SQL on the registrar's notification rules, their recipients and each user's mail choice. */

export type RuleRow = {
  id: string;
  registrarHandle: string;
  name: string;
  target: NotificationRuleTarget;
  recipients: string[];
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  lastCount: number | null;
};

const columns = sql`r.id::text AS id, r.registrar_handle AS "registrarHandle", r.name, r.target, r.created_by AS "createdBy",
  r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.last_count AS "lastCount",
  COALESCE((SELECT array_agg(p.username ORDER BY p.username) FROM notification_rule_recipients p WHERE p.rule_id = r.id), '{}') AS recipients`;

const dated = (row: RuleRow): RuleRow => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) });

/** Rules of one registrar are created one at a time (the cap is counted, then the rule added). */
export async function lockRuleCreation(tx: Db, registrarHandle: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`notification-rules:${registrarHandle}`}))`);
}

export async function countRules(db: Db, registrarHandle: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_rules WHERE registrar_handle = ${registrarHandle}`);
  return result.rows[0]?.n ?? 0;
}

export async function listRules(db: Db, registrarHandle: string): Promise<RuleRow[]> {
  const result = await db.execute<RuleRow>(
    sql`SELECT ${columns} FROM notification_rules r WHERE r.registrar_handle = ${registrarHandle} ORDER BY r.name, r.id`,
  );
  return result.rows.map(dated);
}

/** One rule of the registrar; none for another registrar's or an id that is not one. */
export async function findRule(db: Db, registrarHandle: string, id: string): Promise<RuleRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const result = await db.execute<RuleRow>(
    sql`SELECT ${columns} FROM notification_rules r WHERE r.id = ${id}::uuid AND r.registrar_handle = ${registrarHandle}`,
  );
  const row = result.rows[0];
  return row ? dated(row) : undefined;
}

async function setRecipients(tx: Db, id: string, recipients: string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM notification_rule_recipients WHERE rule_id = ${id}::uuid`);
  await tx.execute(
    sql`INSERT INTO notification_rule_recipients (rule_id, username) SELECT ${id}::uuid, u FROM jsonb_array_elements_text(${JSON.stringify(recipients)}::jsonb) u ON CONFLICT DO NOTHING`,
  );
}

/** `lastCount`: a saved search's count now, the base its crossings are told from. */
export async function insertRule(
  tx: Db,
  rule: { registrarHandle: string; name: string; target: NotificationRuleTarget; recipients: string[]; createdBy: string; lastCount: number | null },
): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO notification_rules (registrar_handle, name, kind, target, created_by, last_count)
    VALUES (${rule.registrarHandle}, ${rule.name}, ${rule.target.kind}, ${JSON.stringify(rule.target)}::jsonb, ${rule.createdBy}, ${rule.lastCount})
    RETURNING id::text AS id`);
  const id = result.rows[0]!.id;
  await setRecipients(tx, id, rule.recipients);
  return id;
}

export async function updateRule(
  tx: Db,
  id: string,
  rule: { name: string; target: NotificationRuleTarget; recipients: string[]; lastCount: number | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE notification_rules SET name = ${rule.name}, kind = ${rule.target.kind}, target = ${JSON.stringify(rule.target)}::jsonb,
           last_count = ${rule.lastCount}, count_stale = FALSE, updated_at = now()
     WHERE id = ${id}::uuid`);
  await setRecipients(tx, id, rule.recipients);
}

export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM notification_rules WHERE id = ${id}::uuid`);
}

export async function mailChoiceOf(db: Db, username: string): Promise<RuleMailChoice | undefined> {
  const result = await db.execute<{ mail: RuleMailChoice }>(sql`SELECT mail FROM rule_mail_choices WHERE username = ${username}`);
  return result.rows[0]?.mail;
}

/** The choice applies to hits not mailed yet too: choosing `off` marks them as needing no mail. */
export async function setMailChoice(db: Db, username: string, mail: RuleMailChoice): Promise<void> {
  await db.transaction(async (tx) => writeMailChoice(tx, username, mail));
}

/** setMailChoice in the caller's transaction (the mails' stop link spends itself in the same one). */
export async function writeMailChoice(tx: Executor, username: string, mail: RuleMailChoice): Promise<void> {
  await tx.execute(sql`
    INSERT INTO rule_mail_choices (username, mail) VALUES (${username}, ${mail})
    ON CONFLICT (username) DO UPDATE SET mail = excluded.mail, updated_at = now()`);
  if (mail === 'off') await tx.execute(sql`UPDATE rule_hits SET mailed_at = now() WHERE username = ${username} AND mailed_at IS NULL`);
}
