import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../test/test-database';
import { searchDomains } from '../modules/registrations/search.service';
import { readPosition } from './position';
import { applyLines, lines, numbered, registryDump, searchTableDifferences } from './feed.test-support';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** A new, empty registry for each test: the registry tables and the position are cleared. */
afterEach(async () => {
  await database.pool.query(
    `TRUNCATE domains, domain_names, domain_name_token_counts, domain_statuses, domain_contacts, nameservers, delegation_signers, transfers,
              billing_events, contacts, epp_ip_addresses, feed_position, feed_snapshot_keys, portal_changes, registrars CASCADE`,
  );
});

const snapshot = () =>
  numbered(
    [
      { type: 'snapshot', op: 'begin' },
      lines.registrar('acme'),
      lines.registrar('globex'),
      lines.contact('c-acme-1', 'acme'),
      lines.contact('c-acme-2', 'acme'),
      lines.contact('c-glob-1', 'globex'),
      lines.domain(1, 'bakery.be', 'acme', 'c-acme-1', { contacts: [{ role: 'TECH', handle: 'c-acme-2' }] }),
      lines.domain(2, 'bäckerei.be', 'acme', 'c-acme-2', {
        delegationSigners: [{ keyTag: 12345, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }],
      }),
      lines.domain(3, 'brewery.be', 'globex', 'c-glob-1'),
      lines.transfer(1, 3, 'globex', 'acme'),
      lines.billing(1, 'acme', 'bakery.be'),
      { type: 'snapshot', op: 'end' },
    ],
    1,
  );

const search = async (registrar: string, term: string) => {
  const result = await searchDomains(database.db, 'be', { registrarHandle: registrar, ulabel: term, page: 0, size: 100 });
  return { total: result.totalResults, names: result.results.map((r) => r.uLabel) };
};

describe('a snapshot into an empty database', () => {
  it('loads everything with COPY, records the position, and search finds the names', async () => {
    const summary = await applyLines(database, snapshot());
    expect(summary).toMatchObject({ mode: 'bulk', applied: 10, rejected: 0, position: 12 });
    expect(await readPosition(database.pool)).toBe(12);
    expect(await search('acme', '*bak*')).toEqual({ total: 1, names: ['bakery.be'] });
    expect(await search('acme', '*ä*')).toEqual({ total: 1, names: ['bäckerei.be'] });
    expect(await search('globex', '*bak*')).toEqual({ total: 0, names: [] });
    expect(await searchTableDifferences(database)).toEqual([]);
    const { rows } = await database.pool.query(`SELECT a_label, registrar_handle FROM domains ORDER BY id`);
    expect(rows).toEqual([
      { a_label: 'bakery.be', registrar_handle: 'acme' },
      { a_label: 'xn--bckerei-5wa.be', registrar_handle: 'acme' },
      { a_label: 'brewery.be', registrar_handle: 'globex' },
    ]);
  });

  it('changes nothing when the same file is applied again', async () => {
    await applyLines(database, snapshot());
    const before = await registryDump(database);
    const again = await applyLines(database, snapshot());
    expect(again).toMatchObject({ applied: 0, skipped: 12, rejected: 0, position: 12 });
    expect(await registryDump(database)).toBe(before);
  });

  it('applies nothing of a snapshot cut before its end line', async () => {
    await expect(applyLines(database, snapshot().slice(0, 8))).rejects.toThrow(/ended without its "end" line/);
    expect(await readPosition(database.pool)).toBe(0);
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM domains');
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('bad lines', () => {
  it('are reported with line, sequence and reason while the valid lines go on', async () => {
    const values: unknown[] = [
      ...snapshot(),
      { seq: 13, ...lines.domain(10, 'orphan.be', 'nobody', 'c-acme-1') },
      { seq: 14, ...lines.domain(11, 'bad_name!.be', 'acme', 'c-acme-1') },
      { seq: 15, ...lines.domain(12, 'café.be', 'acme', 'c-acme-1', { aLabel: 'xn--cafe-wrong.be' }) },
      { seq: 16, ...lines.domain(13, 'nobody-holds.be', 'acme', 'c-missing') },
      { seq: 17, ...lines.domain(14, 'bakery.be', 'acme', 'c-acme-1') },
      'not an object',
      { seq: 18, ...lines.domain(15, 'fine.be', 'acme', 'c-acme-1') },
      { seq: 17, ...lines.domain(16, 'late.be', 'acme', 'c-acme-1') },
      { seq: 19, ...lines.remove('registrar', { handle: 'acme' }) },
      { seq: 20, ...lines.remove('contact', { handle: 'c-acme-1' }) },
    ];
    const summary = await applyLines(database, values);
    expect(summary.rejects.map((r) => [r.line, r.seq, r.reason])).toEqual([
      [13, 13, 'unknown registrar "nobody"'],
      [14, 14, 'malformed name "bad_name!.be"'],
      [15, 15, 'aLabel "xn--cafe-wrong.be" is not the A-label of "café.be" (xn--caf-dma.be)'],
      [16, 16, 'missing registrant: contact "c-missing" does not exist'],
      [17, 17, 'duplicate name: "bakery.be" belongs to registration 1'],
      [18, null, expect.stringMatching(/expected object/)],
      [20, 17, 'out of order: sequence 17 after 18'],
      [21, 19, 'a registrar is never deleted: send status DELETED'],
      [22, 20, 'contact "c-acme-1" is still a contact of a registration'],
    ]);
    expect(summary).toMatchObject({ rejected: 9, position: 20 });
    expect(await search('acme', 'fine*')).toEqual({ total: 1, names: ['fine.be'] });
    expect(await searchTableDifferences(database)).toEqual([]);
  });

  it('include an instant outside the years 0001 to 9999, refused by the format before the database sees it', async () => {
    const values: unknown[] = [
      ...snapshot(),
      { seq: 13, ...lines.domain(10, 'year-zero.be', 'acme', 'c-acme-1', { createdAt: '0000-06-01T00:00:00Z' }) },
      { seq: 14, ...lines.domain(11, 'year-one.be', 'acme', 'c-acme-1', { createdAt: '0001-01-01T00:00:00Z' }) },
    ];
    const summary = await applyLines(database, values);
    expect(summary.rejects.map((r) => [r.line, r.seq])).toEqual([[13, 13]]);
    expect(summary.rejects[0]?.reason).toMatch(/an instant from the year 0001 to 9999/);
    expect(await search('acme', 'year-*')).toEqual({ total: 1, names: ['year-one.be'] });
  });

  it('are not reported again when the same file is applied again', async () => {
    const values: unknown[] = [...snapshot(), { seq: 13, ...lines.domain(10, 'orphan.be', 'nobody', 'c-acme-1') }, { seq: 14, type: 'domain', op: 'upsert' }];
    expect((await applyLines(database, values)).rejects.map((r) => r.line)).toEqual([13, 14]);
    const again = await applyLines(database, values);
    expect(again).toMatchObject({ rejected: 0, skipped: 14, applied: 0 });
  });

  it('include a snapshot end without its begin, which deletes nothing', async () => {
    await applyLines(database, snapshot());
    const before = await registryDump(database);
    const summary = await applyLines(database, numbered([lines.registrar('acme'), { type: 'snapshot', op: 'end' }], 13));
    expect(summary.rejects.map((r) => [r.line, r.reason])).toEqual([[2, 'a snapshot end without its begin']]);
    expect(await registryDump(database)).toBe(before);
  });

  it('in a snapshot include duplicate keys', async () => {
    const values = snapshot();
    values.splice(9, 0, { ...lines.domain(1, 'again.be', 'acme', 'c-acme-1') });
    const summary = await applyLines(
      database,
      numbered(
        values.map(({ seq: _, ...v }) => v),
        1,
      ),
    );
    expect(summary.rejects.map((r) => [r.line, r.reason])).toEqual([[10, 'duplicate key: registration 1 is already in this snapshot']]);
  });

  it('in a snapshot loaded in bulk include an EPP connection event, a log line that no snapshot holds', async () => {
    const values = snapshot().map(({ seq: _, ...v }) => v);
    values.splice(3, 0, lines.connection(1, 'acme', new Date()));
    const summary = await applyLines(database, numbered(values, 1));
    expect(summary.mode).toBe('bulk');
    expect(summary.rejects.map((r) => [r.line, r.reason])).toEqual([
      [4, 'an eppConnection line is a log line, not part of a snapshot: send it before the snapshot begins or after it ends'],
    ]);
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM epp_connection_events');
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('stop a strict run with nothing of their batch applied', async () => {
    await applyLines(database, snapshot());
    const before = await registryDump(database);
    const changes = numbered(
      [lines.domain(20, 'first.be', 'acme', 'c-acme-1'), lines.domain(21, 'second.be', 'acme', 'c-missing'), lines.domain(22, 'third.be', 'acme', 'c-acme-1')],
      13,
    );
    const summary = await applyLines(database, changes, { strict: true });
    expect(summary.stoppedAt).toMatchObject({ line: 2, seq: 14, reason: 'missing registrant: contact "c-missing" does not exist' });
    expect(summary.position).toBe(12);
    expect(await registryDump(database)).toBe(before);
  });
});

describe('changes', () => {
  it('create, update, rename, transfer and delete registrations; search follows each', async () => {
    await applyLines(database, snapshot());
    const changes = numbered(
      [
        lines.contact('c-glob-2', 'globex'),
        lines.domain(4, 'bakehouse.be', 'acme', 'c-acme-1'),
        // A rename keeps the registration (its id); a transfer moves it to another registrar.
        lines.domain(1, 'bagel.be', 'acme', 'c-acme-1'),
        lines.domain(2, 'bäckerei.be', 'globex', 'c-glob-2', { transferredAt: '2026-11-01T00:00:00Z', statuses: [{ status: 'ok' }, { status: 'clientHold' }] }),
        lines.transfer(2, 2, 'globex', 'acme'),
        lines.remove('domain', { id: 3 }),
        lines.billing(2, 'globex', 'bäckerei.be'),
      ],
      13,
    );
    const summary = await applyLines(database, changes, { batchSize: 3 });
    expect(summary).toMatchObject({ applied: 7, rejected: 0, position: 19, mode: 'changes' });
    expect(await search('acme', '*bak*')).toEqual({ total: 1, names: ['bakehouse.be'] });
    expect(await search('acme', 'bag*')).toEqual({ total: 1, names: ['bagel.be'] });
    expect(await search('globex', '*ckerei*')).toEqual({ total: 1, names: ['bäckerei.be'] });
    expect(await search('globex', 'brew*')).toEqual({ total: 0, names: [] });
    expect(await searchTableDifferences(database)).toEqual([]);
    const { rows } = await database.pool.query<{ status: string }>(`SELECT status FROM domain_statuses WHERE domain_id = 2 ORDER BY status`);
    expect(rows.map((r) => r.status)).toEqual(['clientHold', 'ok']);
    // The deleted registration's transfer went with it; billing history stays.
    expect((await database.pool.query('SELECT id FROM transfers ORDER BY id')).rows).toEqual([{ id: '2' }]);
  });

  it('swap two names within one batch through a third', async () => {
    await applyLines(database, snapshot());
    const changes = numbered(
      [lines.domain(1, 'spare.be', 'acme', 'c-acme-1'), lines.domain(2, 'bakery.be', 'acme', 'c-acme-1'), lines.domain(1, 'bäckerei.be', 'acme', 'c-acme-1')],
      13,
    );
    const summary = await applyLines(database, changes);
    expect(summary.rejects).toEqual([]);
    const { rows } = await database.pool.query(`SELECT id, u_label FROM domains WHERE registrar_handle = 'acme' ORDER BY id`);
    expect(rows).toEqual([
      { id: '1', u_label: 'bäckerei.be' },
      { id: '2', u_label: 'bakery.be' },
    ]);
    expect(await searchTableDifferences(database)).toEqual([]);
  });

  it('replace a non-empty database with a snapshot: what it does not list is deleted', async () => {
    await applyLines(database, snapshot());
    const { rows: before } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM domains');
    const domainsBefore = before[0]!.n;
    const second = numbered(
      [
        { type: 'snapshot', op: 'begin' },
        lines.registrar('acme'),
        lines.contact('c-acme-1', 'acme'),
        lines.domain(1, 'bakery.be', 'acme', 'c-acme-1'),
        { type: 'snapshot', op: 'end' },
      ],
      100,
    );
    const summary = await applyLines(database, second, { batchSize: 2 });
    expect(summary).toMatchObject({ mode: 'changes', rejected: 0, position: 104 });
    const { rows } = await database.pool.query(`SELECT (SELECT count(*)::int FROM domains) AS domains, (SELECT count(*)::int FROM contacts) AS contacts`);
    expect(rows[0]).toEqual({ domains: 1, contacts: 1 });
    expect(await searchTableDifferences(database)).toEqual([]);
    // What the end deleted is in the change record, each registration once, with its last state.
    const { rows: deleted } = await database.pool.query<{ feed_seq: string; n: number; others: number }>(
      `SELECT feed_seq::text, count(*)::int AS n, count(*) FILTER (WHERE before->>'name' IS NULL)::int AS others FROM registration_changes WHERE kind = 'deleted' AND feed_seq > 100 GROUP BY feed_seq`,
    );
    expect(deleted).toEqual([{ feed_seq: '104', n: domainsBefore - 1, others: 0 }]);
  });
});

describe("the portal's own changes", () => {
  it('are kept when the line was written before the registry saw them', async () => {
    await applyLines(database, snapshot());
    const edited = { name: 'Edited In Portal', phone: '+32.29999999', email: 'noc@acme.example' };
    const { rows } = await database.pool.query<{ seq: string }>(
      `WITH c AS (UPDATE registrars SET tech_contact = $1, version = version + 1 WHERE handle = 'acme' RETURNING handle)
       INSERT INTO portal_changes (registrar_handle, field, value, username) SELECT handle, 'techContact', $1, 'admin@acme' FROM c RETURNING seq`,
      [JSON.stringify(edited)],
    );
    const portalSeq = Number(rows[0]!.seq);
    const stale = await applyLines(database, numbered([lines.registrar('acme', { status: 'SUSPENDED' })], 13));
    expect(stale.keptPortalChanges).toEqual([{ registrar: 'acme', fields: ['techContact'] }]);
    const after = await database.pool.query(`SELECT status, tech_contact FROM registrars WHERE handle = 'acme'`);
    expect(after.rows[0]).toEqual({ status: 'SUSPENDED', tech_contact: edited });

    const seen = await applyLines(database, numbered([lines.registrar('acme', { portalSeq })], 14));
    expect(seen.keptPortalChanges).toEqual([]);
    const now = await database.pool.query<{ tech_contact: object }>(`SELECT tech_contact FROM registrars WHERE handle = 'acme'`);
    expect(now.rows[0]!.tech_contact).toMatchObject({ name: 'Tech Person' });
  });
});

describe('one feed at a time', () => {
  it('refuses a second importer while one runs', async () => {
    const holder = await database.pool.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('registrar-panel:feed'))`);
      await expect(applyLines(database, numbered([lines.registrar('acme')], 1))).rejects.toThrow(/another feed is being applied/);
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtext('registrar-panel:feed'))`);
      holder.release();
    }
  });
});
