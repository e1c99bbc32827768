import type { AuditAction, AuditDetails } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { SignedInUser } from '../../plugins/auth';

/**
 * Records one change in the audit trail: who, when, from which IP, what changed. The action is one
 * of the contract's `auditActions` (the registrar's history shows each with a text of its own), and
 * `details` the shape the contract gives that action (`AuditDetails`), which never holds a secret
 * (passwords, TOTP secrets).
 */
export async function recordAudit<A extends AuditAction>(
  db: Db,
  actor: Pick<SignedInUser, 'registrarHandle' | 'username' | 'ip'>,
  action: A,
  details: AuditDetails[A],
): Promise<void> {
  await db.insert(auditEvents).values({ registrarHandle: actor.registrarHandle, username: actor.username, ip: actor.ip, action, details });
}
