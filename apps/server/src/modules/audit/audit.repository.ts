import type { AuditAction } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { SignedInUser } from '../../plugins/auth';

/**
 * Records one change in the audit trail: who, when, from which IP, what changed. The action is one
 * of the contract's `auditActions` (the registrar's history shows each with a text of its own).
 * `details` must never hold a secret (passwords, TOTP secrets).
 */
export async function recordAudit(
  db: Db,
  actor: Pick<SignedInUser, 'registrarHandle' | 'username' | 'ip'>,
  action: AuditAction,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditEvents).values({ registrarHandle: actor.registrarHandle, username: actor.username, ip: actor.ip, action, details });
}
