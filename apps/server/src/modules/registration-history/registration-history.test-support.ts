import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ensureMonthlyPartitions } from '../../db/monthly-partitions';
import { registrationStateSql } from '../../feed/change-record';

/**
 * A registration made by a test factory gets its first version from its creation, as the importer
 * would have written it, and the past is known from the earliest such creation.
 */
export async function openFirstVersion(db: Db, domainId: number, createdAt: Date): Promise<void> {
  await db.execute(sql`INSERT INTO registration_history_start (known_from) VALUES (${createdAt.toISOString()}::timestamptz)
    ON CONFLICT (one_row) DO UPDATE SET known_from = least(registration_history_start.known_from, EXCLUDED.known_from)`);
  await db.execute(
    sql`INSERT INTO registration_versions (domain_id, valid_from, valid_to, registrar_handle, domain_name, a_label, created_at, state)
        SELECT d.id, d.created_at, 'infinity', d.registrar_handle, d.u_label, d.a_label, d.created_at, ${sql.raw(registrationStateSql)}
          FROM domains d WHERE d.id = ${domainId}`,
  );
}

/** Moves a registration to another registrar at `at`, as a feed batch would: its open version closed, the next opened. */
export async function transferVersion(db: Db, domainId: number, to: string, at: Date): Promise<void> {
  await ensureMonthlyPartitions(db, 'registration_versions', at, at);
  await db.execute(sql`UPDATE domains SET registrar_handle = ${to}, transferred_at = ${at.toISOString()}::timestamptz WHERE id = ${domainId}`);
  await db.execute(sql`UPDATE registration_versions SET valid_to = ${at.toISOString()}::timestamptz WHERE domain_id = ${domainId} AND valid_to = 'infinity'`);
  await db.execute(
    sql`INSERT INTO registration_versions (domain_id, valid_from, valid_to, registrar_handle, domain_name, a_label, created_at, state)
        SELECT d.id, ${at.toISOString()}::timestamptz, 'infinity', d.registrar_handle, d.u_label, d.a_label, d.created_at, ${sql.raw(registrationStateSql)}
          FROM domains d WHERE d.id = ${domainId}`,
  );
}
