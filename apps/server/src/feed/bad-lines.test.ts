import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openTestDatabase } from '../test/test-database';
import { applyLines, feed, lines, numbered } from './feed.test-support';
import { readPosition } from './position';
import { defaultFeedMaxLineBytes } from '../config';

/*
 * Lines the registry should never send, sent through `npm run feed` as a registry runs it: each goes
 * to the rejects file with its line number, the lines after it are applied, and running the same
 * file again goes past it.
 */

const dir = mkdtempSync(join(tmpdir(), 'rp-feed-bad-lines-'));
let database: Database & { url: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await applyLines(database, numbered([lines.registrar('acme'), lines.contact('c-acme-1', 'acme')], 1));
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const readRejects = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

const billedSubjects = async () =>
  (await database.pool.query<{ subject: string }>(`SELECT subject FROM billing_events ORDER BY id`)).rows.map((r) => r.subject);

describe('a line longer than FEED_MAX_LINE_BYTES', () => {
  it('is rejected with its line number, the run goes on, and a rerun goes past it', async () => {
    const first = (await readPosition(database.pool)) + 1;
    // Valid lines made long with white space, which JSON allows: only their length is wrong.
    const padded = (value: Record<string, unknown>) => JSON.stringify(value).replace(/}$/, `${' '.repeat(3_000)}}`);
    const file = join(dir, 'long.ndjson');
    writeFileSync(
      file,
      [
        JSON.stringify({ seq: first, ...lines.billing(101, 'acme', 'before.be') }),
        padded({ seq: first + 1, ...lines.billing(102, 'acme', 'long-with-seq-first.be') }),
        '',
        // Its seq comes last: the reject cannot name it.
        padded({ ...lines.billing(103, 'acme', 'long-with-seq-last.be'), seq: first + 2 }),
        JSON.stringify({ seq: first + 3, ...lines.billing(104, 'acme', 'after.be') }),
      ].join('\n'),
    );
    const rejects = join(dir, 'long.rejects.ndjson');
    const env = { FEED_MAX_LINE_BYTES: '2000' };

    const run = await feed(database, [file, '--rejects', rejects], { env });
    expect(run.stderr).toMatch(/2 rejected/);
    expect(run.code).toBe(3);
    const reason = (bytes: number) => `line too long: ${bytes.toLocaleString('en')} bytes, above the limit of 2,000 (FEED_MAX_LINE_BYTES)`;
    const longLines = readFileSync(file, 'utf8').split('\n');
    expect(readRejects(rejects)).toEqual([
      { line: 2, seq: first + 1, reason: reason(Buffer.byteLength(longLines[1]!)) },
      { line: 4, seq: null, reason: reason(Buffer.byteLength(longLines[3]!)) },
    ]);
    expect(await billedSubjects()).toEqual(['before.be', 'after.be']);
    expect(await readPosition(database.pool)).toBe(first + 3);

    // The rerun skips what the first run consumed; only the line whose seq it could not read is reported again.
    rmSync(rejects);
    const rerun = await feed(database, [file, '--rejects', rejects], { env });
    expect(rerun.stderr).toMatch(/0 applied, 3 already applied before, 1 rejected/);
    expect(readRejects(rejects)).toEqual([{ line: 4, seq: null, reason: reason(Buffer.byteLength(longLines[3]!)) }]);
    expect(await readPosition(database.pool)).toBe(first + 3);
  }, 60_000);

  it('is refused at the default limit without being held: a line of 20 MiB streamed on standard input', async () => {
    const first = (await readPosition(database.pool)) + 1;
    const mib = 'x'.repeat(1024 * 1024);
    const lineBytes = 20 * 1024 * 1024 + 100;
    async function* input() {
      yield `${JSON.stringify({ seq: first, ...lines.billing(201, 'acme', 'before-huge.be') })}\n`;
      const head = `{"seq": ${first + 1}, "type": "contact", "op": "upsert", "data": {"handle": "c-huge", "name": "`;
      const tail = `"}}`;
      yield head;
      for (let i = 0; i < 20; i++) yield mib;
      yield `${'x'.repeat(lineBytes - head.length - 20 * mib.length - tail.length)}${tail}\n`;
      yield `${JSON.stringify({ seq: first + 2, ...lines.billing(202, 'acme', 'after-huge.be') })}\n`;
    }
    const rejects = join(dir, 'huge.rejects.ndjson');
    const run = await feed(database, ['-', '--rejects', rejects], { stdin: input() });
    expect(run.stderr).toMatch(/1 rejected/);
    expect(run.code).toBe(3);
    expect(readRejects(rejects)).toEqual([
      {
        line: 2,
        seq: first + 1,
        reason: `line too long: ${lineBytes.toLocaleString('en')} bytes, above the limit of ${defaultFeedMaxLineBytes.toLocaleString('en')} (FEED_MAX_LINE_BYTES)`,
      },
    ]);
    expect(await billedSubjects()).toEqual(expect.arrayContaining(['before-huge.be', 'after-huge.be']));
    expect(await readPosition(database.pool)).toBe(first + 2);
  }, 60_000);
});

describe('a line that names a key twice in one object', () => {
  it('is rejected at the top level and nested, the run goes on, and a rerun goes past it', async () => {
    const first = (await readPosition(database.pool)) + 1;
    const billing = (seq: number, id: number, subject: string) => JSON.stringify({ seq, ...lines.billing(id, 'acme', subject) });
    const file = join(dir, 'duplicates.ndjson');
    writeFileSync(
      file,
      [
        // The same value twice still says it twice.
        billing(first, 301, 'top.be').replace(/}$/, ', "type": "billingEvent"}'),
        billing(first + 1, 302, 'nested.be').replace('"subject":', '"period": 2, "subject":'),
        // Equal once unescaped.
        JSON.stringify({ seq: first + 2, ...lines.contact('c-dup-2', 'acme') }).replace('"city":"Antwerpen"', '"city":"Antwerpen","ci\\u0074y":"Gent"'),
        JSON.stringify({ seq: first + 3, ...lines.domain(303, 'dup-status.be', 'acme', 'c-acme-1') }).replace(
          '{"status":"ok"}',
          '{"status":"ok", "status" : "clientHold"}',
        ),
        // Quotes and colons inside strings are no keys.
        JSON.stringify({ seq: first + 4, ...lines.contact('c-quoted', 'acme', { name: 'Said "a": "b"', organization: '"::1"' }) }),
        billing(first + 5, 304, 'after-duplicates.be'),
      ].join('\n'),
    );
    const rejects = join(dir, 'duplicates.rejects.ndjson');

    const run = await feed(database, [file, '--rejects', rejects]);
    expect(run.stderr).toMatch(/4 rejected/);
    expect(run.code).toBe(3);
    const reason = (key: string, where: string) => `duplicate JSON key "${key}"${where}: each key may appear once in an object`;
    expect(readRejects(rejects)).toEqual([
      { line: 1, seq: first, reason: reason('type', '') },
      { line: 2, seq: first + 1, reason: reason('period', ' in data') },
      { line: 3, seq: first + 2, reason: reason('city', ' in data.address') },
      { line: 4, seq: first + 3, reason: reason('status', ' in data.statuses.0') },
    ]);
    expect(await billedSubjects()).not.toContain('top.be');
    expect(await billedSubjects()).not.toContain('nested.be');
    expect(await billedSubjects()).toContain('after-duplicates.be');
    const { rows } = await database.pool.query(`SELECT handle, name, organization FROM contacts WHERE handle IN ('c-dup-2', 'c-quoted')`);
    expect(rows).toEqual([{ handle: 'c-quoted', name: 'Said "a": "b"', organization: '"::1"' }]);
    expect(await readPosition(database.pool)).toBe(first + 5);

    rmSync(rejects);
    const rerun = await feed(database, [file, '--rejects', rejects]);
    expect(rerun.code).toBe(0);
    expect(rerun.stderr).toMatch(/0 applied, 6 already applied before;/);
  }, 60_000);
});

describe('EPP connection lines', () => {
  const now = new Date();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const stored = async () =>
    (
      await database.pool.query<{ id: string; reason: string | null }>(
        `SELECT id::text, reason FROM epp_connection_events WHERE registrar_handle = 'acme' ORDER BY id`,
      )
    ).rows;
  const counted = async () =>
    (
      await database.pool.query<{ outcome: string; count: string }>(
        `SELECT outcome, sum(count)::text AS count FROM epp_connection_days WHERE registrar_handle = 'acme' GROUP BY outcome ORDER BY outcome`,
      )
    ).rows;

  it('refuses what the registry should never send, stores the rest once, and counts what it stored per day', async () => {
    const first = (await readPosition(database.pool)) + 1;
    const refusal = { outcome: 'refused', reason: 'addressNotAllowed', address: '203.0.113.7' };
    const fingerprint = 'ab'.repeat(32);
    const run = await applyLines(
      database,
      numbered(
        [
          lines.connection(9001, 'acme', hoursAgo(3), { fingerprint }),
          lines.connection(9002, 'acme', hoursAgo(2), refusal),
          lines.connection(9003, 'acme', hoursAgo(2), { outcome: 'refused' }),
          lines.connection(9004, 'acme', hoursAgo(2), { reason: 'badPassword' }),
          lines.connection(9005, 'acme', hoursAgo(2), { address: '2001:DB8::1' }),
          lines.connection(9006, 'acme', hoursAgo(2), { address: '192.0.2.300' }),
          lines.connection(9007, 'acme', hoursAgo(2), { fingerprint: 'AB'.repeat(32) }),
          lines.connection(9008, 'acme', hoursAgo(2), { ...refusal, reason: 'tooEarly' }),
          lines.connection(9009, 'nobody', hoursAgo(2)),
          lines.connection(9010, 'acme', new Date(now.getTime() + 3 * 86_400_000)),
          // Far ahead: refused, and no partition is made for it.
          lines.connection(9013, 'acme', '9999-12-31T00:00:00Z'),
          lines.remove('eppConnection', { id: 9001 }),
          // Past the 90 days: accepted, not stored.
          lines.connection(9011, 'acme', hoursAgo(24 * 91)),
          // Sent again (a registry's retry): stored once, counted once.
          lines.connection(9002, 'acme', hoursAgo(2), refusal),
          lines.connection(9012, 'acme', hoursAgo(1), { address: '2001:db8::1', outcome: 'refused', reason: 'badCertificate', fingerprint }),
        ],
        first,
      ),
      { batchSize: 4 },
    );
    expect(run.rejects.map((r) => [r.seq! - first + 1, r.reason])).toEqual([
      [3, 'data: reason: required when the connection was refused, absent when it succeeded'],
      [4, 'data: reason: required when the connection was refused, absent when it succeeded'],
      [5, 'data: address: an IPv4 or IPv6 address in canonical form (RFC 5952 for IPv6)'],
      [6, 'data: address: an IPv4 or IPv6 address in canonical form (RFC 5952 for IPv6)'],
      [7, 'data: fingerprint: a SHA-256 fingerprint in lower-case hexadecimal'],
      [8, expect.stringMatching(/^data: reason: /)],
      [9, 'unknown registrar "nobody"'],
      [10, expect.stringMatching(/is more than a day ahead of the importer's clock$/)],
      [11, expect.stringMatching(/^at: 9999-12-31T00:00:00.000Z is more than a day ahead/)],
      [12, 'an eppConnection is never deleted: connection events leave when they pass retention'],
    ]);
    expect(await stored()).toEqual([
      { id: '9001', reason: null },
      { id: '9002', reason: 'addressNotAllowed' },
      { id: '9012', reason: 'badCertificate' },
    ]);
    expect(await counted()).toEqual([
      { outcome: 'refused', count: '2' },
      { outcome: 'success', count: '1' },
    ]);
    expect(await readPosition(database.pool)).toBe(first + 14);
    const { rows: partitions } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'epp_connection_events'::regclass`,
    );
    expect(partitions[0]!.n).toBeLessThan(6);
  }, 60_000);

  it('refuses a connection line inside a snapshot: a snapshot lists state, events are a log', async () => {
    const first = (await readPosition(database.pool)) + 1;
    const run = await applyLines(
      database,
      numbered(
        [{ type: 'snapshot', op: 'begin' }, lines.registrar('acme'), lines.connection(9100, 'acme', hoursAgo(1)), { type: 'snapshot', op: 'end' }],
        first,
      ),
    );
    expect(run.rejects.map((r) => r.reason)).toEqual([
      'an eppConnection line is a log line, not part of a snapshot: send it before the snapshot begins or after it ends',
    ]);
    // The snapshot's end deleted no event.
    expect((await stored()).map((r) => r.id)).toEqual(['9001', '9002', '9012']);
  }, 60_000);
});

describe('message lines', () => {
  const now = new Date();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const stored = async () =>
    (
      await database.pool.query<{ id: string; registrar: string | null; kind: string }>(
        `SELECT id::text, registrar_handle AS registrar, kind FROM registry_messages ORDER BY id`,
      )
    ).rows;
  const messageEvents = async () =>
    (
      await database.pool.query<{ registrar: string; id: number }>(
        `SELECT registrar_handle AS registrar, (data->>'id')::int AS id FROM events WHERE kind = 'registry.message' ORDER BY 2, 1`,
      )
    ).rows;
  const announcement = { kind: 'announcement', domain: null, text: 'Maintenance on Saturday from 06:00 to 08:00 Brussels time.' };

  it('refuses what the registry should never send, stores the rest once, and makes each message stored one event', async () => {
    await applyLines(database, numbered([lines.registrar('beta')], (await readPosition(database.pool)) + 1));
    const first = (await readPosition(database.pool)) + 1;
    const run = await applyLines(
      database,
      numbered(
        [
          lines.message(7001, 'acme', hoursAgo(3)),
          lines.message(7002, null, hoursAgo(2), announcement),
          lines.message(7003, 'acme', hoursAgo(2), { text: 'Renewed\nfor a year' }),
          lines.message(7004, 'acme', hoursAgo(2), { text: 'evil\u202Etxt.exe' }),
          lines.message(7005, 'acme', hoursAgo(2), { text: 'x'.repeat(1001) }),
          lines.message(7006, null, hoursAgo(2)),
          lines.message(7007, 'acme', hoursAgo(2), { domain: null }),
          lines.message(7008, 'acme', hoursAgo(2), { kind: 'transferExploded' }),
          lines.message(7009, 'nobody', hoursAgo(2)),
          lines.message(7010, 'acme', '9999-12-31T00:00:00Z'),
          // Past the year: accepted, not stored.
          lines.message(7011, 'acme', hoursAgo(24 * 366)),
          // Sent again (a registry's retry): stored once, one event.
          lines.message(7001, 'acme', hoursAgo(3), { text: 'changed' }),
          lines.message(7012, 'beta', hoursAgo(1), { kind: 'transferRequested', domain: 'wanted.be', text: 'acme asks to transfer wanted.be.' }),
          lines.message(7013, 'acme', hoursAgo(1), { ...announcement, text: 'To acme only.' }),
          lines.message(7014, 'acme', hoursAgo(1)),
          lines.remove('message', { id: 7014 }),
        ],
        first,
      ),
      { batchSize: 4 },
    );
    expect(run.rejects.map((r) => [r.seq! - first + 1, r.reason])).toEqual([
      [3, 'data: text: plain text: no control character (line breaks included) and no bidirectional control'],
      [4, 'data: text: plain text: no control character (line breaks included) and no bidirectional control'],
      [5, expect.stringMatching(/^data: text: /)],
      [6, 'data: registrar: required but for an announcement to all'],
      [7, 'data: domain: required for a message about a registration, absent for an announcement'],
      [8, expect.stringMatching(/^data: kind: /)],
      [9, 'unknown registrar "nobody"'],
      [10, expect.stringMatching(/^at: 9999-12-31T00:00:00.000Z is more than a day ahead/)],
    ]);
    expect(await stored()).toEqual([
      { id: '7001', registrar: 'acme', kind: 'domainAutoRenewed' },
      { id: '7002', registrar: null, kind: 'announcement' },
      { id: '7012', registrar: 'beta', kind: 'transferRequested' },
      { id: '7013', registrar: 'acme', kind: 'announcement' },
    ]);
    const { rows } = await database.pool.query<{ text: string }>(`SELECT text FROM registry_messages WHERE id = 7001`);
    expect(rows).toEqual([{ text: 'The registration renewed.be was renewed automatically for one year.' }]);
    // The announcement to all is an event of every registrar's stream; a message removed (even in the batch that brought it) keeps its event: it was there.
    expect(await messageEvents()).toEqual([
      { registrar: 'acme', id: 7001 },
      { registrar: 'acme', id: 7002 },
      { registrar: 'beta', id: 7002 },
      { registrar: 'beta', id: 7012 },
      { registrar: 'acme', id: 7013 },
      { registrar: 'acme', id: 7014 },
    ]);
    expect(await readPosition(database.pool)).toBe(first + 15);
    const { rows: partitions } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'registry_messages'::regclass`,
    );
    expect(partitions[0]!.n).toBeLessThan(6);
  }, 60_000);

  it("refuses a message inside a snapshot, and a snapshot's end deletes none", async () => {
    const first = (await readPosition(database.pool)) + 1;
    const run = await applyLines(
      database,
      numbered(
        [
          { type: 'snapshot', op: 'begin' },
          lines.registrar('acme'),
          lines.registrar('beta'),
          lines.message(7100, 'acme', hoursAgo(1)),
          { type: 'snapshot', op: 'end' },
        ],
        first,
      ),
    );
    expect(run.rejects.map((r) => r.reason)).toEqual(['a message line is not part of a snapshot: send it before the snapshot begins or after it ends']);
    expect((await stored()).map((r) => r.id)).toEqual(['7001', '7002', '7012', '7013']);
  }, 60_000);
});
