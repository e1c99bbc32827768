import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { domains } from '../db/schema';
import { openTestDatabase } from '../test/test-database';
import { sqlRows } from '../db/sql-rows';
import { loadRegistry } from './load';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

// Monthly partitions the load makes (the registry's messages, their events) are new tables, not changed indexes: left out.
const indexDefinitions = () =>
  sqlRows<{ indexdef: string }>(
    database.db,
    sql`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename !~ '_p[0-9]{6}$' ORDER BY indexname`,
  ).then((rows) => rows.map((r) => r.indexdef));
const constraintDefinitions = () =>
  sqlRows<{ def: string }>(
    database.db,
    sql`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid::regclass::text !~ '_p[0-9]{6}$' ORDER BY 1`,
  ).then((rows) => rows.map((r) => r.def));

describe('loadRegistry', () => {
  it('loads registrars, contacts, domains and everything attached, and rebuilds the very same indexes and keys', async () => {
    const indexesBefore = await indexDefinitions();
    const constraintsBefore = await constraintDefinitions();
    const summary = await loadRegistry(database, { seed: 3, quotas: [400, 150, 30], today: Date.UTC(2026, 0, 15), tld: 'be' });
    expect(summary).toMatchObject({ registrars: 3, domains: 580 });
    const [counts] = await sqlRows<Record<string, number>>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM registrars) AS registrars, (SELECT count(*)::int FROM domains) AS domains,
                 (SELECT count(*)::int FROM contacts) AS contacts, (SELECT count(*)::int FROM domain_statuses) AS statuses,
                 (SELECT count(*)::int FROM nameservers) AS nameservers, (SELECT count(*)::int FROM billing_events) AS billing,
                 (SELECT count(*)::int FROM transfers) AS transfers, (SELECT count(*)::int FROM domain_contacts) AS domain_contacts`,
    );
    expect(counts).toMatchObject({ registrars: 3, domains: 580, contacts: summary.contacts });
    expect(counts!.statuses).toBeGreaterThanOrEqual(580);
    expect(counts!.nameservers).toBeGreaterThan(1000);
    expect(counts!.billing).toBeGreaterThan(1500);
    expect(counts!.transfers).toBeGreaterThan(50);
    expect(counts!.domain_contacts).toBeGreaterThan(580);
    expect(await indexDefinitions()).toEqual(indexesBefore);
    expect(await constraintDefinitions()).toEqual(constraintsBefore);
    // The id sequence continues after the loaded ids.
    const [row] = await database.db
      .insert(domains)
      .values({ uLabel: 'after-load.be', aLabel: 'after-load.be', registrarHandle: 'acme', createdAt: new Date(), updatedAt: new Date() })
      .returning({ id: domains.id });
    expect(row!.id).toBe(581);
  });

  it('loads a registry of one registrar (bench:search and bench:report use one): no transfer names a registrar it does not have', async () => {
    const single = await openTestDatabase();
    try {
      const summary = await loadRegistry(single, { seed: 5, quotas: [300], today: Date.UTC(2026, 0, 15), tld: 'be' });
      expect(summary).toMatchObject({ registrars: 1, domains: 300 });
      const [row] = await sqlRows<{ transfers: number }>(single.db, sql`SELECT count(*)::int AS transfers FROM transfers`);
      expect(row!.transfers).toBe(0);
    } finally {
      await single.close();
    }
  });

  it('refuses to load into a database that holds domains', async () => {
    await expect(loadRegistry(database, { seed: 4, quotas: [10], today: Date.UTC(2026, 0, 15), tld: 'be' })).rejects.toThrow(/already holds domains/);
  });
});
