import { isEventKind, type AuditAction, type AuditDetails } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { intoMonthlyPartition } from '../../db/into-monthly-partition';
import { auditEvents } from '../../db/schema';
import type { SignedInUser } from '../../plugins/auth';
import { insertEvent } from '../events/events.repository';
import { queueDeliveries } from '../../jobs/webhook-queue';

/**
 * Records one change in the audit trail: who, when, from which IP, what changed. The action is one
 * of the contract's `auditActions` (the registrar's history shows each with a text of its own), and
 * `details` the shape the contract gives that action (`AuditDetails`), which never holds a secret
 * (passwords, TOTP secrets). An action that is also an event (the contract's `portalEventKinds`)
 * joins the registrar's event stream in the same transaction, with the same details, and queues
 * the deliveries of the webhooks that want it: the one place where portal changes become events.
 */
export async function recordAudit<A extends AuditAction>(
  db: Db,
  // No address for a change the registry made with a command (modules/users/recover-admin.ts).
  actor: Pick<SignedInUser, 'registrarHandle' | 'username'> & { ip: string | null },
  action: A,
  details: AuditDetails[A],
): Promise<void> {
  const entry = { registrarHandle: actor.registrarHandle, username: actor.username, ip: actor.ip, action, details };
  if (!isEventKind(action)) {
    await intoMonthlyPartition(db, 'audit_events', (savepoint) => savepoint.insert(auditEvents).values(entry));
    return;
  }
  // Its own transaction when the caller has none (a savepoint within the caller's otherwise).
  await db.transaction(async (tx) => {
    await intoMonthlyPartition(tx, 'audit_events', (savepoint) => savepoint.insert(auditEvents).values(entry));
    await intoMonthlyPartition(tx, 'events', (savepoint) =>
      insertEvent(savepoint, { registrarHandle: actor.registrarHandle, kind: action, actor: actor.username, data: details }),
    );
    await queueDeliveries(tx, [{ registrarHandle: actor.registrarHandle, kind: action }]);
  });
}
