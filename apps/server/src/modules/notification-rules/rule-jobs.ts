import { sql } from 'drizzle-orm';
import { ruleHitEventKind, type NotificationRuleTarget } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { ensureMonthlyPartitions } from '../../db/monthly-partitions';
import { queueDeliveries } from '../../jobs/webhook-queue';
import { insertEvent } from '../events/events.repository';
import { countSavedSearch } from './search-count';

/*
 * The rules the feed's batches do not evaluate themselves. Saved searches: a batch that changed a
 * registrar's registrations marks its searches stale (feed/rule-evaluation.ts); this job counts each
 * once with the search itself and tells a crossing of the threshold (from below to at least it, or
 * from at least it to below). Expiry: once a day, each rule's registrations expiring within its days
 * that it has not told about for that expiry date yet. Each rule is taken in its own transaction,
 * locked (SKIP LOCKED: two instances share the work, never both take one rule), with its hits and
 * their `rule.hit` event.
 */

interface StaleRule {
  id: string;
  registrar_handle: string;
  name: string;
  target: NotificationRuleTarget;
  last_count: number | null;
  [key: string]: unknown;
}

/** Whether a count moving from `before` to `now` crosses the rule's threshold the way it watches. */
export function crosses(target: Extract<NotificationRuleTarget, { kind: 'searchCount' }>, before: number | null, now: number): boolean {
  if (before === null) return false;
  return target.direction === 'atLeast' ? before < target.threshold && now >= target.threshold : before >= target.threshold && now < target.threshold;
}

async function partitionsFor(db: Db, at: Date): Promise<void> {
  await ensureMonthlyPartitions(db, 'rule_hits', at, at);
  await ensureMonthlyPartitions(db, 'events', at, at);
}

/**
 * Counts every stale saved search again; returns how many crossed their threshold. A rule is claimed
 * first (its mark cleared in one statement, so two runs never take the same one, and a batch that
 * marks it again meanwhile has it counted again), counted with the search (which reads on the pool),
 * then its count and any hit are written under the rule's lock.
 */
export async function countStaleSearches(db: Db, tld: string, now = new Date()): Promise<number> {
  await partitionsFor(db, now);
  let crossed = 0;
  for (;;) {
    const claimed = await db.execute<StaleRule>(sql`
      UPDATE notification_rules SET count_stale = FALSE
       WHERE id = (SELECT id FROM notification_rules WHERE count_stale AND kind = 'searchCount' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id::text AS id, registrar_handle, name, target, last_count`);
    const rule = claimed.rows[0];
    if (!rule) return crossed;
    if (rule.target.kind !== 'searchCount') continue;
    const target = rule.target;
    const count = await countSavedSearch(db, tld, rule.registrar_handle, target.search);
    await db.transaction(async (tx) => {
      const locked = await tx.execute<{ last_count: number | null; [key: string]: unknown }>(
        sql`SELECT last_count FROM notification_rules WHERE id = ${rule.id}::uuid FOR UPDATE`,
      );
      if (locked.rows.length === 0) return;
      const before = locked.rows[0]!.last_count;
      if (crosses(target, before, count)) {
        crossed++;
        const details = { domainName: null, before: { count: before }, after: { count } };
        await tx.execute(sql`
          INSERT INTO rule_hits (at, registrar_handle, rule_id, rule_name, rule_kind, username, occurrence, details, text, mailed_at)
          SELECT ${now}, ${rule.registrar_handle}, ${rule.id}::uuid, ${rule.name}, 'searchCount', p.username, ${`count:${now.toISOString()}`},
                 ${JSON.stringify(details)}::jsonb, ${`${rule.name}: ${before} → ${count}`},
                 CASE WHEN m.mail = 'off' THEN ${now}::timestamptz END
            FROM notification_rule_recipients p LEFT JOIN rule_mail_choices m ON m.username = p.username
           WHERE p.rule_id = ${rule.id}::uuid`);
        await insertEvent(tx, {
          registrarHandle: rule.registrar_handle,
          kind: ruleHitEventKind,
          actor: null,
          data: { rule: { id: rule.id, name: rule.name, kind: 'searchCount' }, count: 1, hits: [details] },
        });
        await queueDeliveries(tx, [{ registrarHandle: rule.registrar_handle, kind: ruleHitEventKind }]);
      }
      await tx.execute(sql`UPDATE notification_rules SET last_count = ${count} WHERE id = ${rule.id}::uuid`);
    });
  }
}

/**
 * Tells each expiry rule's registrations expiring within its days (from now), once per expiry date:
 * a registration renewed (a new expiry) is told again when its new date comes near. Returns the hits.
 */
export async function checkExpiries(db: Db, now = new Date()): Promise<number> {
  await partitionsFor(db, now);
  const { rows: rules } = await db.execute<{ id: string; [key: string]: unknown }>(
    sql`SELECT id::text AS id FROM notification_rules WHERE kind = 'expiresWithin' ORDER BY id`,
  );
  let hits = 0;
  for (const { id } of rules) {
    hits += await db.transaction(async (tx) => {
      const locked = await tx.execute<StaleRule>(
        sql`SELECT id::text AS id, registrar_handle, name, target, last_count FROM notification_rules WHERE id = ${id}::uuid FOR UPDATE SKIP LOCKED`,
      );
      const rule = locked.rows[0];
      if (!rule || rule.target.kind !== 'expiresWithin') return 0;
      const inserted = await tx.execute<{ domain_name: string; details: unknown; [key: string]: unknown }>(sql`
        WITH due AS (
          SELECT d.id, d.u_label, d.expires_at FROM domains d
           WHERE d.registrar_handle = ${rule.registrar_handle} AND d.expires_at >= ${now} AND d.expires_at < ${now}::timestamptz + make_interval(days => ${rule.target.days})
             AND NOT EXISTS (SELECT 1 FROM rule_hits h WHERE h.rule_id = ${rule.id}::uuid AND h.domain_id = d.id
                                AND h.occurrence = 'expires:' || to_char(d.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
        )
        INSERT INTO rule_hits (at, registrar_handle, rule_id, rule_name, rule_kind, username, domain_id, domain_name, occurrence, details, text, mailed_at)
        SELECT ${now}, ${rule.registrar_handle}, ${rule.id}::uuid, ${rule.name}, 'expiresWithin', p.username, due.id, due.u_label,
               'expires:' || to_char(due.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
               jsonb_build_object('domainName', due.u_label, 'before', '{}'::jsonb,
                                  'after', jsonb_build_object('expiresAt', to_char(due.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
               ${rule.name} || ': ' || due.u_label || ' ' || to_char(due.expires_at AT TIME ZONE 'Europe/Brussels', 'YYYY-MM-DD'),
               CASE WHEN m.mail = 'off' THEN ${now}::timestamptz END
          FROM due JOIN notification_rule_recipients p ON p.rule_id = ${rule.id}::uuid LEFT JOIN rule_mail_choices m ON m.username = p.username
        RETURNING domain_name, details`);
      if (inserted.rows.length === 0) return 0;
      const domains = new Map(inserted.rows.map((row) => [row.domain_name, row.details]));
      await insertEvent(tx, {
        registrarHandle: rule.registrar_handle,
        kind: ruleHitEventKind,
        actor: null,
        data: { rule: { id: rule.id, name: rule.name, kind: 'expiresWithin' }, count: domains.size, hits: [...domains.values()].slice(0, 100) },
      });
      await queueDeliveries(tx, [{ registrarHandle: rule.registrar_handle, kind: ruleHitEventKind }]);
      return inserted.rows.length;
    });
  }
  return hits;
}
