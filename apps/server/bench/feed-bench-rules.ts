import { notificationRuleKinds, type NotificationRuleTarget } from '@registrar-panel/contract';
import type { Database } from '../src/db/database';

/*
 * The benchmark's 50 notification rules: every kind, spread over the registrars, with saved searches
 * whose names are infix patterns (`*an*`, the slow short kind among them) and filters.
 */

const targets: NotificationRuleTarget[] = [
  { kind: 'entersStatus', status: 'serverHold' },
  { kind: 'entersStatus', status: 'redemption' },
  { kind: 'entersStatus', status: 'pendingDelete' },
  { kind: 'entersStatus', status: 'clientHold' },
  { kind: 'entersGracePeriod', gracePeriod: 'REDEMPTION_PERIOD' },
  { kind: 'entersGracePeriod', gracePeriod: 'PENDING_DELETE' },
  { kind: 'entersLabel', label: 'DOMAINGUARD' },
  { kind: 'entersLabel', label: 'TRANSFER_LOCK' },
  { kind: 'transferAway' },
  { kind: 'nameserversChange' },
  { kind: 'dsChange' },
  { kind: 'registrantChange' },
  { kind: 'expiresWithin', days: 30 },
  { kind: 'searchCount', search: { ulabel: '*an*' }, direction: 'atLeast', threshold: 1_000_000 },
  { kind: 'searchCount', search: { ulabel: '*bak*', status: 'ok' }, direction: 'below', threshold: 10 },
  { kind: 'searchCount', search: { ulabel: '*shop*', label: 'TRANSFER_LOCK' }, direction: 'atLeast', threshold: 50 },
  { kind: 'searchCount', search: { ulabel: '*e*', rgp: 'REDEMPTION_PERIOD' }, direction: 'atLeast', threshold: 100 },
  { kind: 'searchCount', search: { ulabel: '*ing*' }, direction: 'below', threshold: 5 },
];

export function benchRules(registrars: string[]) {
  const rules = Array.from({ length: 50 }, (_, i) => ({
    registrar: registrars[i % registrars.length]!,
    name: `Bench rule ${i + 1}`,
    target: targets[i % targets.length]!,
  }));
  // Every kind is there (50 rules over 18 targets: each kind two or more times).
  for (const kind of notificationRuleKinds) if (!rules.some((r) => r.target.kind === kind)) throw new Error(`no ${kind} rule`);
  return {
    count: rules.length,
    async insert(database: Database): Promise<void> {
      for (const rule of rules) {
        const { rows } = await database.pool.query<{ id: string }>(
          `INSERT INTO notification_rules (registrar_handle, name, kind, target, created_by, last_count) VALUES ($1, $2, $3, $4, $5, 0) RETURNING id`,
          [rule.registrar, rule.name, rule.target.kind, JSON.stringify(rule.target), `bench@${rule.registrar}`],
        );
        await database.pool.query(`INSERT INTO notification_rule_recipients (rule_id, username) VALUES ($1, $2), ($1, $3)`, [
          rows[0]!.id,
          `bench@${rule.registrar}`,
          `second@${rule.registrar}`,
        ]);
      }
    },
  };
}
