import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema';
import type { SignedInUser } from '../../plugins/auth';

/**
 * Records one change in the audit trail: who, when, from which IP, what changed.
 * `details` must never hold a secret (passwords, TOTP secrets).
 */
export async function recordAudit(
  db: Db,
  actor: Pick<SignedInUser, 'registrarHandle' | 'username' | 'ip'>,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditEvents).values({ registrarHandle: actor.registrarHandle, username: actor.username, ip: actor.ip, action, details });
}
