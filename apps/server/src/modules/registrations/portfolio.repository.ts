import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { registrarExpiryCounts, registrarFacetCounts } from '../../db/schema';

/** The registrar's maintained counts by facet key (a few dozen rows; keys no registration holds are missing). */
export async function readFacetCounts(db: Db, registrarHandle: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ facet: registrarFacetCounts.facet, registrations: registrarFacetCounts.registrations })
    .from(registrarFacetCounts)
    .where(eq(registrarFacetCounts.registrarHandle, registrarHandle));
  return new Map(rows.map((row) => [row.facet, row.registrations]));
}

/** The registrar's registrations expiring per Brussels day from `from` to `to` (both included; at most a year of rows). */
export async function readExpiryDays(db: Db, registrarHandle: string, from: string, to: string): Promise<{ day: string; registrations: number }[]> {
  return db
    .select({ day: registrarExpiryCounts.expiresOn, registrations: registrarExpiryCounts.registrations })
    .from(registrarExpiryCounts)
    .where(
      and(eq(registrarExpiryCounts.registrarHandle, registrarHandle), gte(registrarExpiryCounts.expiresOn, from), lte(registrarExpiryCounts.expiresOn, to)),
    );
}
