import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { RegistryGenerator } from '../seed/generate';
import { snapshotLines } from '../seed/feed-lines';
import { Random } from '../seed/random';
import { openTestDatabase } from '../test/test-database';
import { applyLines, feed, lines, numbered, registryDump, searchTableDifferences } from './feed.test-support';
import { changeRecordDifferences, statesOf } from './change-record.test-support';
import { readPosition } from './position';
import { randomChanges, readRegistryState } from './random-changes.test-support';

/*
 * `npm run feed` as a registry runs it: a file or standard input, a rejects file, and a run killed
 * with SIGKILL in the middle that the next run finishes, ending exactly where an uninterrupted run ends.
 */

const dir = mkdtempSync(join(tmpdir(), 'rp-feed-cli-'));
let crashed: Database & { url: string };
let reference: Database & { url: string };
let snapshotEnd = 0;

beforeAll(async () => {
  [crashed, reference] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  const generator = new RegistryGenerator({ seed: 5, quotas: [150, 60], today: Date.UTC(2026, 10, 1), tld: 'be' });
  const snapshot = [...snapshotLines(generator)];
  snapshotEnd = snapshot.length;
  await applyLines(crashed, snapshot);
  await applyLines(reference, snapshot);
}, 120_000);

afterAll(async () => {
  await Promise.all([crashed?.close(), reference?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run feed', () => {
  it('resumes after SIGKILL where the last committed batch ended, and ends as an uninterrupted run ends', async () => {
    const state = await readRegistryState(reference.pool, 'be');
    const statesBefore = statesOf(state);
    const changes = numbered([...randomChanges(state, new Random(7), 600)], snapshotEnd + 1);
    const last = changes.at(-1)!.seq as number;
    const file = join(dir, 'changes.ndjson');
    writeFileSync(file, changes.map((c) => JSON.stringify(c)).join('\n'));

    let positionAtKill = 0;
    const killed = await feed(crashed, [file, '--batch', '5'], {
      watch: async (kill) => {
        // Killed as soon as some batches are in and many are not.
        for (;;) {
          const position = await readPosition(crashed.pool);
          if (position > snapshotEnd + 50) {
            kill();
            positionAtKill = position;
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const afterKill = await readPosition(crashed.pool);
    expect(afterKill).toBeGreaterThanOrEqual(positionAtKill);
    expect(afterKill).toBeLessThan(last);

    const resumed = await feed(crashed, [file, '--batch', '5']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/already applied before/);
    expect(await readPosition(crashed.pool)).toBe(last);

    await applyLines(reference, changes, { batchSize: 5 });
    expect(await registryDump(crashed)).toBe(await registryDump(reference));
    expect(await searchTableDifferences(crashed)).toEqual([]);
    // The change record: no row twice, none lost, each as the uninterrupted run wrote it (same batches).
    expect(await changeRecordDifferences(crashed.pool, snapshotEnd, statesBefore, statesOf(state))).toEqual([]);
    const record = (db: Database) =>
      db.pool.query(
        `SELECT feed_seq, domain_id, kind, registrar_before, registrar_after, before, after FROM registration_changes ORDER BY feed_seq, domain_id`,
      );
    const [crashedRecord, referenceRecord] = await Promise.all([record(crashed), record(reference)]);
    expect(crashedRecord.rows.length).toBeGreaterThan(250);
    expect(crashedRecord.rows).toEqual(referenceRecord.rows);
    // 120 batches: enough for a kill well inside the run (after about ten), and a minute, not minutes, on a busy machine.
  }, 300_000);

  it('reads standard input and writes each rejected line to the rejects file, applying the rest', async () => {
    const start = (await readPosition(crashed.pool)) + 1;
    const input = [
      JSON.stringify({ seq: start, ...lines.domain(900_001, 'from-stdin.be', 'acme', 'c-missing') }),
      '{"seq": oops',
      JSON.stringify({ seq: start + 1, ...lines.billing(900_001, 'acme', 'from-stdin.be') }),
    ].join('\n');
    const rejects = join(dir, 'rejects.ndjson');
    const run = await feed(crashed, ['-', '--rejects', rejects], { stdin: input });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/2 rejected/);
    expect(existsSync(rejects)).toBe(true);
    const written = readFileSync(rejects, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(written).toEqual([
      { line: 1, seq: start, reason: 'missing registrant: contact "c-missing" does not exist' },
      { line: 2, seq: null, reason: 'not a JSON object' },
    ]);
    const { rows } = await crashed.pool.query(`SELECT subject FROM billing_events WHERE id = 900001`);
    expect(rows).toEqual([{ subject: 'from-stdin.be' }]);
  }, 60_000);

  it('stops with --strict at the first bad line, exit status 1', async () => {
    const start = (await readPosition(crashed.pool)) + 1;
    const file = join(dir, 'strict.ndjson');
    writeFileSync(file, [JSON.stringify({ seq: start, ...lines.remove('domain', { id: 'x' }) })].join('\n'));
    const run = await feed(crashed, [file, '--strict']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/stopped \(--strict\) at line 1: key: id: /);
    expect(await readPosition(crashed.pool)).toBe(start - 1);
  }, 60_000);
});
