import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditTrail } from '../../db/schema';

export interface AuditActivityRow {
  at: Date;
  ip: string | null;
  action: string;
}

/** The latest audit events a user caused within their registrar, newest first, none before `since`. */
export async function auditEventsBy(db: Db, query: { registrarHandle: string; username: string; since: Date; limit: number }): Promise<AuditActivityRow[]> {
  return db
    .select({ at: auditTrail.at, ip: auditTrail.ip, action: auditTrail.action })
    .from(auditTrail)
    .where(and(eq(auditTrail.registrarHandle, query.registrarHandle), eq(auditTrail.username, query.username), gte(auditTrail.at, query.since)))
    .orderBy(desc(auditTrail.at), desc(auditTrail.id))
    .limit(query.limit);
}
