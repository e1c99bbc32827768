import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import { labelsOf, ruleHitEventKind, type RegistrationLabel } from '@registrar-panel/contract';
import { insertEvent } from '../db/event-writer';
import { queueDeliveries } from '../jobs/webhook-queue';

/*
 * Notification rules read the change record a batch just wrote (change-record.ts), in the batch's
 * transaction: the hits of every rule that watches a change (entering a status, grace period or
 * label, a transfer away, name servers, DS or registrant changing) are inserted with one statement
 * per family of kinds, joined with the rules' recipients, never with a scan of the registry. The
 * labels are the contract's function of the statuses (`labelsOf`): those rows (statuses changed, at a
 * registrar with a label rule) are read and compared here. Saved searches whose registrar's
 * registrations changed are marked stale for the counting job (modules/notification-rules/), which
 * can use the search itself; expiry rules are the daily job's. Each rule with hits raises one event
 * (`rule.hit`) for the registrar's stream and webhooks. The batch's commit makes all of it, or none,
 * so a resumed run never tells a change twice.
 */

/** Hits a `rule.hit` event lists; beyond them it gives the count only. */
const hitsPerEvent = 100;

/** A change row joined with the rules it may fire, and the hit's text (values, language-neutral). */
const changeHits = `
  WITH c AS (SELECT * FROM registration_changes WHERE feed_seq = $1 AND at = $2),
  hit AS (
    SELECT r.id AS rule_id, r.name AS rule_name, r.kind AS rule_kind, r.registrar_handle, c.domain_id, c.domain_name, c.before, c.after,
           CASE r.kind
             WHEN 'entersStatus' THEN '+' || (r.target->>'status')
             WHEN 'entersGracePeriod' THEN '+' || (r.target->>'gracePeriod')
             WHEN 'transferAway' THEN '→ ' || COALESCE(c.after->>'pendingTransferTo', c.registrar_after, '')
             WHEN 'nameserversChange' THEN
               COALESCE((SELECT string_agg(n->>'name', ', ') FROM jsonb_array_elements(c.before->'nameservers') n), '–') || ' → ' ||
               COALESCE((SELECT string_agg(n->>'name', ', ') FROM jsonb_array_elements(c.after->'nameservers') n), '–')
             WHEN 'dsChange' THEN
               COALESCE((SELECT string_agg(k->>'keyTag', ', ') FROM jsonb_array_elements(c.before->'delegationSigners') k), '–') || ' → ' ||
               COALESCE((SELECT string_agg(k->>'keyTag', ', ') FROM jsonb_array_elements(c.after->'delegationSigners') k), '–')
             WHEN 'registrantChange' THEN COALESCE(c.before->>'registrant', '–') || ' → ' || COALESCE(c.after->>'registrant', '–')
           END AS summary
      FROM c JOIN notification_rules r ON r.registrar_handle = COALESCE(c.registrar_after, c.registrar_before)
     WHERE (r.kind = 'entersStatus' AND c.registrar_after = r.registrar_handle AND c.after->'statuses' ? (r.target->>'status')
              AND NOT COALESCE(c.before->'statuses' ? (r.target->>'status'), FALSE)
              AND c.kind <> 'deleted')
        OR (r.kind = 'entersGracePeriod' AND c.registrar_after = r.registrar_handle AND c.after ? 'rgpStatus'
              AND c.after->>'rgpStatus' = r.target->>'gracePeriod' AND c.kind <> 'deleted')
        OR (r.kind = 'nameserversChange' AND c.kind = 'changed' AND c.registrar_after = r.registrar_handle AND c.after ? 'nameservers')
        OR (r.kind = 'dsChange' AND c.kind = 'changed' AND c.registrar_after = r.registrar_handle AND c.after ? 'delegationSigners')
        OR (r.kind = 'registrantChange' AND c.kind = 'changed' AND c.registrar_after = r.registrar_handle AND c.after ? 'registrant')
    UNION ALL
    -- A transfer away: requested (a pending transfer appears), or completed with no request seen before.
    SELECT r.id, r.name, r.kind, r.registrar_handle, c.domain_id, c.domain_name, c.before, c.after,
           '→ ' || COALESCE(c.after->>'pendingTransferTo', c.registrar_after, '')
      FROM c JOIN notification_rules r ON r.kind = 'transferAway' AND r.registrar_handle = c.registrar_before
     WHERE c.kind = 'changed'
       AND ((c.after->>'pendingTransferTo' IS NOT NULL AND c.registrar_after = r.registrar_handle)
         OR (c.registrar_after IS DISTINCT FROM r.registrar_handle AND c.after ? 'registrar' AND NOT c.before ? 'pendingTransferTo'))
  )`;

const insertHits = (source: string) => `
  INSERT INTO rule_hits (at, registrar_handle, rule_id, rule_name, rule_kind, username, domain_id, domain_name, occurrence, details, text, mailed_at)
  SELECT $2, h.registrar_handle, h.rule_id, h.rule_name, h.rule_kind, p.username, h.domain_id, h.domain_name, $1::text,
         jsonb_build_object('domainName', h.domain_name, 'before', h.before, 'after', h.after),
         h.rule_name || ': ' || h.domain_name || ' ' || h.summary,
         -- Users who chose no mail: nothing to send, ever.
         CASE WHEN m.mail = 'off' THEN $2::timestamptz END
    FROM ${source} h
    JOIN notification_rule_recipients p ON p.rule_id = h.rule_id
    LEFT JOIN rule_mail_choices m ON m.username = p.username
  RETURNING rule_id, registrar_handle, rule_name, rule_kind, domain_name, details`;

interface HitRow {
  rule_id: string;
  registrar_handle: string;
  rule_name: string;
  rule_kind: string;
  domain_name: string | null;
  details: { domainName: string | null; before: unknown; after: unknown };
}

/** The label rules' hits: rows whose statuses changed at a registrar with a label rule, compared with the contract's labels. */
async function labelHits(client: PoolClient, feedSeq: number, at: Date): Promise<HitRow[]> {
  const { rows } = await client.query<{
    rule_id: string;
    label: RegistrationLabel;
    domain_id: string;
    domain_name: string;
    before: { statuses?: string[] };
    after: { statuses?: string[] };
  }>(
    `SELECT r.id AS rule_id, r.target->>'label' AS label, c.domain_id::text, c.domain_name, c.before, c.after
       FROM registration_changes c JOIN notification_rules r ON r.kind = 'entersLabel' AND r.registrar_handle = c.registrar_after
      WHERE c.feed_seq = $1 AND c.at = $2 AND c.after ? 'statuses'`,
    [feedSeq, at],
  );
  const entering = rows.filter((row) => labelsOf(row.after.statuses ?? []).includes(row.label) && !labelsOf(row.before.statuses ?? []).includes(row.label));
  if (entering.length === 0) return [];
  const result = await client.query<HitRow>(
    `${insertHits(`(SELECT r.id AS rule_id, r.name AS rule_name, r.kind AS rule_kind, r.registrar_handle, e.domain_id, e.domain_name, c.before, c.after,
                           '+' || (r.target->>'label') AS summary
                      FROM json_to_recordset($3::json) e(rule_id uuid, domain_id bigint, domain_name text)
                      JOIN notification_rules r ON r.id = e.rule_id
                      JOIN registration_changes c ON c.feed_seq = $1 AND c.at = $2 AND c.domain_id = e.domain_id)`)}`,
    [feedSeq, at, JSON.stringify(entering.map((e) => ({ rule_id: e.rule_id, domain_id: e.domain_id, domain_name: e.domain_name })))],
  );
  return result.rows;
}

/**
 * The hits of the batch's changes (its last line `feedSeq`, written at `at`), their events, and the
 * saved searches to count again. Returns the hits written (one per recipient).
 */
export async function evaluateRules(client: PoolClient, feedSeq: number, at: Date): Promise<number> {
  // Nothing to do for a registry whose registrars have no rules: one cheap look first.
  const { rows: any } = await client.query('SELECT 1 FROM notification_rules LIMIT 1');
  if (any.length === 0) return 0;
  const changed = await client.query<HitRow>(`${changeHits} ${insertHits('hit')}`, [feedSeq, at]);
  const hits = [...changed.rows, ...(await labelHits(client, feedSeq, at))];
  await client.query(
    `UPDATE notification_rules r SET count_stale = TRUE
      WHERE r.kind = 'searchCount' AND NOT r.count_stale
        AND EXISTS (SELECT 1 FROM registration_changes c WHERE c.feed_seq = $1 AND c.at = $2
                     AND (c.registrar_after = r.registrar_handle OR c.registrar_before = r.registrar_handle))`,
    [feedSeq, at],
  );
  await raiseEvents(client, hits);
  return hits.length;
}

/** One `rule.hit` event per rule with hits in the batch (the hits once, not per recipient). */
async function raiseEvents(client: PoolClient, hits: HitRow[]): Promise<void> {
  const byRule = new Map<string, { rule: HitRow; domains: Map<string, HitRow['details']> }>();
  for (const hit of hits) {
    const entry = byRule.get(hit.rule_id) ?? { rule: hit, domains: new Map() };
    entry.domains.set(hit.domain_name ?? '', hit.details);
    byRule.set(hit.rule_id, entry);
  }
  if (byRule.size === 0) return;
  const executor = drizzle({ client });
  for (const { rule, domains } of byRule.values()) {
    const listed = [...domains.values()].slice(0, hitsPerEvent);
    await insertEvent(executor, {
      registrarHandle: rule.registrar_handle,
      kind: ruleHitEventKind,
      actor: null,
      data: { rule: { id: rule.rule_id, name: rule.rule_name, kind: rule.rule_kind }, count: domains.size, hits: listed },
    });
  }
  // Their webhooks' deliveries, queued with them.
  await queueDeliveries(
    executor,
    [...byRule.values()].map(({ rule }) => ({ registrarHandle: rule.registrar_handle, kind: ruleHitEventKind })),
  );
}
