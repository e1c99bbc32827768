import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, demoMailbox, oidcModels, signInAttempts, signInLockouts, userEmailChanges, userTokens } from '../db/schema';
import { createActiveUser } from '../identity/testing/users';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { startBackgroundWork } from './background';
import { jobQueueSchema, queueNames } from '../db/job-queue-schema';
import { applyRetention, maintainPartitions, retentionSchedule } from './retention';
import { eppConnectionEvents, registrationHistoryStart } from '../db/schema';
import { ensureMonthlyPartitions } from '../db/monthly-partitions';

let t: TestApp;
const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const policy = {
  auditDays: 730,
  signInDays: 365,
  mailDays: 7,
  eppEventsDays: 90,
  eventsDays: 90,
  webhookAttemptsDays: 30,
  messagesDays: 365,
  personalDataDays: 730,
  registrationChangesDays: 400,
  registrationHistoryDays: 2557,
  ruleHitsDays: 365,
  reconciliationDays: 30,
};

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'ada@alpha' });
});
afterAll(async () => t?.close());

describe('retention', () => {
  it('deletes what is past its retention, and keeps the rest', async () => {
    const { db } = t.database;
    await db.insert(signInLockouts).values([
      // No failure for over a year, lock long over: counting starts again.
      { account: 'quiet@alpha', source: '*', failedAttempts: 3, lockedUntil: daysAgo(399), updatedAt: daysAgo(400) },
      // Recent failures: kept.
      { account: 'busy@alpha', source: '*', failedAttempts: 3, lockedUntil: null, updatedAt: daysAgo(2) },
    ]);
    await db.insert(demoMailbox).values([
      { to: 'a@mail.example', subject: 'old', text: '', createdAt: daysAgo(8) },
      { to: 'a@mail.example', subject: 'new', text: '', createdAt: daysAgo(1) },
    ]);
    await db.insert(oidcModels).values([
      { model: 'Session', id: 'expired', payload: {}, expiresAt: daysAgo(2) },
      { model: 'Session', id: 'live', payload: {}, expiresAt: daysAgo(-1) },
    ]);
    await db.insert(userTokens).values([
      { tokenHash: 'expired', username: 'ada@alpha', purpose: 'reset', expiresAt: daysAgo(2) },
      { tokenHash: 'just-expired', username: 'ada@alpha', purpose: 'reset', expiresAt: new Date(now.getTime() - 3_600_000) },
    ]);
    await db.insert(userEmailChanges).values([
      { accountId: 'changed-long-ago', previousEmail: 'old@mail.example', changedAt: daysAgo(2) },
      { accountId: 'changed-today', previousEmail: 'recent@mail.example', changedAt: daysAgo(0.5) },
    ]);
    await db.execute(sql`INSERT INTO epp_connection_days (registrar_handle, day, outcome, fingerprint, count)
      VALUES ('alpha', '2026-08-20', 'success', '', 3), ('alpha', '2026-08-26', 'success', '', 4)`);
    // Read marks go with the messages they mark (whose partitions the job drops past a year).
    await db.execute(sql`INSERT INTO registry_message_reads (username, message_id, message_at)
      SELECT users.username, m.id, m.at FROM users, (VALUES (1, ${daysAgo(366)}::timestamptz), (2, ${daysAgo(364)}::timestamptz)) AS m(id, at) WHERE username = 'ada@alpha'`);
    // A reconciliation's run and results go after 30 days, whichever month's partition holds them.
    await ensureMonthlyPartitions(db, 'reconciliation_results', daysAgo(31), daysAgo(29));
    await db.execute(sql`WITH runs AS (
        INSERT INTO reconciliation_runs (registrar_handle, started_by, state, started_at)
        VALUES ('alpha', 'ada@alpha', 'done', ${daysAgo(31)}), ('alpha', 'ada@alpha', 'done', ${daysAgo(29)}) RETURNING id, started_at)
      INSERT INTO reconciliation_results (run_id, run_started_at, kind, seq, name) SELECT id, started_at, 'missingFromFile', 1, 'a.be' FROM runs`);

    const deleted = await applyRetention(db, policy, now);

    expect(deleted).toEqual({
      sign_in_lockouts: 1,
      demo_mailbox: 1,
      oidc_models: 1,
      user_tokens: 1,
      user_email_changes: 1,
      epp_connection_days: 1,
      registry_message_reads: 1,
      reconciliation_results: 1,
      reconciliation_runs: 1,
    });
    expect((await db.execute<{ id: number }>(sql`SELECT message_id::int AS id FROM registry_message_reads`)).rows).toEqual([{ id: 2 }]);
    expect((await db.execute<{ day: string }>(sql`SELECT day::text FROM epp_connection_days`)).rows).toEqual([{ day: '2026-08-26' }]);
    expect((await db.select({ account: signInLockouts.account }).from(signInLockouts)).map((row) => row.account)).toEqual(['busy@alpha']);
    expect((await db.select({ subject: demoMailbox.subject }).from(demoMailbox)).map((row) => row.subject)).toEqual(['new']);
    expect((await db.select({ id: oidcModels.id }).from(oidcModels)).map((row) => row.id)).toEqual(['live']);
    expect((await db.select({ tokenHash: userTokens.tokenHash }).from(userTokens)).map((row) => row.tokenHash)).toEqual(['just-expired']);
    expect((await db.select({ accountId: userEmailChanges.accountId }).from(userEmailChanges)).map((row) => row.accountId)).toEqual(['changed-today']);
    // Run again: nothing more to delete.
    expect(await applyRetention(db, policy, now)).toEqual(Object.fromEntries(Object.keys(deleted).map((table) => [table, 0])));
  });

  it('cleans a large table in batches, to the last row', async () => {
    const { db } = t.database;
    await db.execute(
      sql`INSERT INTO demo_mailbox ("to", subject, text, created_at) SELECT 'a@mail.example', 'bulk', '', ${daysAgo(8)} FROM generate_series(1, 12345)`,
    );
    expect((await applyRetention(db, policy, now)).demo_mailbox).toBe(12_345);
  });

  it('drops the audit trail and sign-in attempts by months wholly past retention, once their old rows are verified', async () => {
    const { db } = t.database;
    // Audit: 730 days back from 23 November 2026 is 23 November 2024. Sign-ins: 365 days, 23 November 2025.
    await db.insert(auditEvents).values([
      { registrarHandle: 'alpha', username: 'ada@alpha', action: 'october', at: new Date('2024-10-31T23:59:59Z') },
      { registrarHandle: 'alpha', username: 'ada@alpha', action: 'november', at: new Date('2024-11-01T00:00:00Z') },
      { registrarHandle: 'alpha', username: 'ada@alpha', action: 'recent', at: daysAgo(1) },
    ]);
    await db.insert(signInAttempts).values([
      { username: 'ada@alpha', ip: '192.0.2.1', outcome: 'october', at: new Date('2025-10-15T10:00:00Z') },
      { username: 'ada@alpha', ip: '192.0.2.1', outcome: 'november', at: new Date('2025-11-02T10:00:00Z') },
    ]);
    // While the audit trail's old rows are not verified, none of its months goes.
    await db.execute(sql`UPDATE partition_copies SET verified_at = NULL WHERE table_name = 'audit_events'`);
    const before = await maintainPartitions(db, policy, now);
    expect(before.audit_events).toEqual([]);
    expect(before.sign_in_attempts).toContain('sign_in_attempts_p202510');
    expect(before.sign_in_attempts).not.toContain('sign_in_attempts_p202511');
    expect((await db.select({ outcome: signInAttempts.outcome }).from(signInAttempts)).map((row) => row.outcome)).toEqual(['november']);

    await db.execute(sql`UPDATE partition_copies SET verified_at = now() WHERE table_name = 'audit_events'`);
    const after = await maintainPartitions(db, policy, now);
    expect(after.audit_events).toContain('audit_events_p202410');
    expect(after.audit_events).not.toContain('audit_events_p202411');
    const actions = (await db.select({ action: auditEvents.action }).from(auditEvents).orderBy(auditEvents.at)).map((row) => row.action);
    // November 2024 holds days within retention: it stays whole, its first instant included.
    expect(actions).toEqual(['november', 'recent']);
  });

  it('makes the coming months of a partitioned table ahead, and drops only months wholly past retention', async () => {
    const { db } = t.database;
    const partitions = async () =>
      (
        await db.execute<{ name: string }>(
          sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'epp_connection_events'::regclass ORDER BY 1`,
        )
      ).rows.map((row) => row.name);
    // Events from June to November 2026; retention 90 days back from 23 November is 25 August.
    await ensureMonthlyPartitions(db, 'epp_connection_events', new Date('2026-06-01T00:00:00Z'), now);
    const event = (id: number, at: string) => ({ id, at: new Date(at), registrarHandle: 'alpha', address: '192.0.2.1', outcome: 'success' });
    await db
      .insert(eppConnectionEvents)
      .values([event(1, '2026-06-15T10:00:00Z'), event(2, '2026-07-31T23:59:59Z'), event(3, '2026-08-01T00:00:00Z'), event(4, '2026-11-23T11:00:00Z')]);
    // A month with no partition yet refuses the row: writers make theirs first.
    await expect(db.insert(eppConnectionEvents).values(event(5, '2027-05-01T00:00:00Z'))).rejects.toThrow();

    const dropped = await maintainPartitions(db, policy, now);

    expect(dropped.epp_connection_events).toEqual(['epp_connection_events_p202606', 'epp_connection_events_p202607']);
    // August holds days within retention (from the 25th), so it stays whole; December and January are made ahead.
    expect(await partitions()).toEqual([
      'epp_connection_events_p202608',
      'epp_connection_events_p202609',
      'epp_connection_events_p202610',
      'epp_connection_events_p202611',
      'epp_connection_events_p202612',
      'epp_connection_events_p202701',
    ]);
    expect((await db.select({ id: eppConnectionEvents.id }).from(eppConnectionEvents).orderBy(eppConnectionEvents.id)).map((row) => row.id)).toEqual([3, 4]);
    // Run again (another instance, the next night): nothing more to make or drop.
    expect((await maintainPartitions(db, policy, now)).epp_connection_events).toEqual([]);
  });

  it('drops the months of registration versions that all ended past retention, never an open version, and says the past is known from then', async () => {
    const { db } = t.database;
    // Seven years (2557 days) back from 23 November 2026 is 22 November 2019.
    await ensureMonthlyPartitions(db, 'registration_versions', new Date('2019-06-01T00:00:00Z'), new Date('2019-12-01T00:00:00Z'));
    await db.insert(registrationHistoryStart).values({ knownFrom: new Date('2018-01-01T00:00:00Z') });
    // Raw SQL: a Date cannot hold infinity, the open versions' end.
    await db.execute(sql`INSERT INTO registration_versions (domain_id, valid_from, valid_to, registrar_handle, domain_name, a_label, created_at, state)
      SELECT id, valid_from::timestamptz, valid_to::timestamptz, 'alpha', name, name, '2018-01-01Z', '{}'
        FROM (VALUES (1, '2018-01-01Z', '2019-06-10Z', 'd1.be'), (1, '2019-06-10Z', '2019-11-25Z', 'd1.be'),
                     (1, '2019-11-25Z', 'infinity', 'd1.be'), (2, '2018-01-01Z', 'infinity', 'd2.be')) v (id, valid_from, valid_to, name)`);

    const dropped = await maintainPartitions(db, policy, now);

    expect(dropped.registration_versions).toEqual([
      'registration_versions_p201906',
      'registration_versions_p201907',
      'registration_versions_p201908',
      'registration_versions_p201909',
      'registration_versions_p201910',
    ]);
    // November 2019 still holds a version that ended within retention; the open ones stay, however old.
    const left = await db.execute<{ v: string }>(
      sql`SELECT domain_id || ' ' || CASE WHEN valid_to = 'infinity' THEN 'open' ELSE to_char(valid_to AT TIME ZONE 'UTC', 'YYYY-MM-DD') END AS v FROM registration_versions ORDER BY 1`,
    );
    expect(left.rows.map((row) => row.v)).toEqual(['1 2019-11-25', '1 open', '2 open']);
    const [start] = await db.select().from(registrationHistoryStart);
    expect(start?.knownFrom.toISOString()).toBe('2019-11-01T00:00:00.000Z');
  });

  it('is scheduled nightly in Brussels time when the background work starts', async () => {
    const background = await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5 });
    try {
      const { rows: schedules } = await t.database.db.execute<{ cron: string; timezone: string }>(
        sql`SELECT cron, options->>'tz' AS timezone FROM ${sql.identifier(jobQueueSchema)}.schedule WHERE name = ${queueNames.retention}`,
      );
      expect(schedules).toEqual([{ cron: retentionSchedule.cron, timezone: 'Europe/Brussels' }]);
    } finally {
      await background.stop();
    }
  });
});
