import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHolds, setUpHolds } from '../test/failover-checks';
import { startFailoverRig, standbyName, type FailoverRig } from '../test/failover-rig';
import { failOver } from '../test/failover-scenario';
import { onServer } from '../test/replica-cluster';

/*
 * Failover without losing an acknowledged write (issue 35): a PostgreSQL 15 primary with one
 * synchronous standby (ANY 1), HAProxy running deploy/patroni/haproxy.cfg in front of them (a check
 * agent per node answering /primary as Patroni does), two portal instances on the proxy under reads,
 * versioned saves and user creations; the primary SIGKILLed, the standby promoted. Every wait is
 * bounded at 120 s; nothing here asserts a duration.
 */

let rig: FailoverRig;

beforeAll(async () => {
  rig = await startFailoverRig();
}, 300_000);

// Every step of stop() is bounded (failover-rig.ts): 7 × 20 s, then the servers' 90 s.
afterAll(async () => {
  await rig?.stop();
}, 300_000);

describe('failover', () => {
  it('with the standby down, a commit waits for it (ANY 1 of one standby) and is acknowledged once it is back', async () => {
    const primary = rig.cluster.primary.url('portal');
    await rig.cluster.replica.stop();
    const client = new pg.Client({ connectionString: primary });
    await client.connect();
    try {
      let acknowledged = false;
      const insert = client.query("INSERT INTO feed_position (stream, last_seq) VALUES ('standby-down', 1)").then(() => (acknowledged = true));
      // The commit is written locally and waits in SyncRep for a standby that is not there.
      await rig.eventually(
        'the commit waiting for the standby',
        async () => (await onServer(rig.cluster.primary.url('postgres'), "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'SyncRep'")).length === 1,
      );
      expect(acknowledged).toBe(false);
      await rig.cluster.replica.start();
      await insert;
      expect(acknowledged).toBe(true);
      await rig.eventually(
        'the standby synchronous again',
        async () =>
          (
            await onServer<{ s: string }>(rig.cluster.primary.url('postgres'), 'SELECT sync_state AS s FROM pg_stat_replication WHERE application_name = $1', [
              standbyName,
            ])
          )[0]?.s === 'quorum',
      );
    } finally {
      await client.end();
    }
  }, 300_000);

  it('keeps every acknowledged write, the outbox, the feed position, a lockout and a limit when the primary is SIGKILLed and the standby promoted', async () => {
    const holds = await setUpHolds(rig);
    const { run, times } = await failOver(rig);
    const findings = await checkHolds(rig, run, holds);
    const failed = run.outcomes.filter((outcome) => outcome.status >= 500).length;
    console.log(
      `failover: ${run.outcomes.length} requests, ${run.saves.length} saves and ${run.created.length} creations acknowledged, ` +
        `${run.savesInDoubt.length + run.creationsInDoubt.length} in doubt, ${run.conflicts} version conflicts, ${failed} answers ≥ 500; ` +
        `from the SIGKILL: promoted ${times.promotedMs} ms, routed ${times.routedMs} ms, every loop back ${times.allLoopsBackMs} ms (${JSON.stringify(times.loopsBackMs)})`,
    );
    expect(findings).toEqual({
      lostSaves: [],
      doubledSaves: [],
      lostCreations: [],
      outboxMismatches: [],
      versionBehind: [],
      feedPosition: [],
      lockout: [],
      limit: [],
    });
    // The writes went through the failover, not around it: acknowledged before and after.
    expect(run.saves.length).toBeGreaterThan(0);
    expect(run.created.length).toBeGreaterThan(0);
    // The old primary is gone; the promoted standby takes writes.
    expect((await rig.proxy.states()).pg2).toBe('UP');
    // No connection is lost to the pools: each one the failover ended is given back (db/pool-clients.ts).
    await rig.eventually('every pool connection given back', () =>
      rig.instances.every(({ database: { pool } }) => pool.waitingCount === 0 && pool.idleCount === pool.totalCount),
    );
  }, 600_000);
});
