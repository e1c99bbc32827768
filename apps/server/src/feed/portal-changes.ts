import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { portalChanges } from '../db/schema';
import type { SignedInUser } from '../plugins/auth';
import type { PortalOwnedField } from './format';

/*
 * The outgoing half of docs/registry-feed.md: what registrar staff change in the portal that the
 * registry's systems must learn. Each change is written in the transaction that makes it, so the
 * stream holds exactly the changes that were saved; the registry acknowledges what it applied by
 * sending `portalSeq` on its registrar lines, and until then the feed leaves those fields alone.
 */

/** What travels back: the portal-owned registrar fields, and the EPP password's hash (never the password). */
export type PortalChangeField = PortalOwnedField | 'eppPassword' | EppCertificateChangeField;

/**
 * An EPP client certificate slot's change: `{ pem, fingerprint }`, or null when it was emptied
 * (modules/epp-certificates). One field per slot, so the registry applies each slot's latest value.
 */
export const eppCertificateChangeFields = { primary: 'eppCertificatePrimary', failover: 'eppCertificateFailover' } as const;
export type EppCertificateChangeField = (typeof eppCertificateChangeFields)[keyof typeof eppCertificateChangeFields];

export async function recordPortalChange(
  tx: Db,
  actor: Pick<SignedInUser, 'registrarHandle' | 'username'>,
  field: PortalChangeField,
  value: unknown,
): Promise<void> {
  // A removal travels as JSON null, which the column holds (it refuses SQL NULL).
  const json = value === null ? sql`'null'::jsonb` : value;
  await tx.insert(portalChanges).values({ registrarHandle: actor.registrarHandle, field, value: json, username: actor.username });
}

/** One line of the outgoing stream, in the feed's own style. */
export interface PortalChangeLine {
  seq: number;
  type: 'portalChange';
  registrar: string;
  field: string;
  value: unknown;
  by: string;
  at: string;
}

/** The changes after `after`, oldest first, at most `limit`. */
export async function portalChangesAfter(db: Db, after: number, limit: number): Promise<PortalChangeLine[]> {
  const rows = await db.select().from(portalChanges).where(gt(portalChanges.seq, after)).orderBy(asc(portalChanges.seq)).limit(limit);
  return rows.map((row) => ({
    seq: row.seq,
    type: 'portalChange',
    registrar: row.registrarHandle,
    field: row.field,
    value: row.value,
    by: row.username,
    at: row.at.toISOString(),
  }));
}
