import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema';

export interface AuditActivityRow {
  at: Date;
  ip: string | null;
  action: string;
}

/** The latest audit events a user caused within their registrar, newest first, none before `since`. */
export async function auditEventsBy(db: Db, query: { registrarHandle: string; username: string; since: Date; limit: number }): Promise<AuditActivityRow[]> {
  return db
    .select({ at: auditEvents.at, ip: auditEvents.ip, action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.registrarHandle, query.registrarHandle), eq(auditEvents.username, query.username), gte(auditEvents.at, query.since)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit);
}
