import { everyLoopAnswered, loopsBackAt, startLoad, type LoadRun } from './failover-load';
import type { FailoverRig } from './failover-rig';

/*
 * One failover under load, as the test and the bench run it: the loops answer, the primary is
 * SIGKILLed, the standby promoted with `pg_ctl promote`, HAProxy follows, the loops answer again.
 * Every wait is bounded (120 s); the times are measured for the bench, never asserted.
 */

export interface FailoverTimes {
  /** From the SIGKILL: `pg_ctl promote` done, HAProxy's check finding the new primary UP, every loop answering again. */
  promotedMs: number;
  routedMs: number;
  allLoopsBackMs: number;
  /** Each loop's first answer after the SIGKILL. */
  loopsBackMs: Record<string, number>;
}

export async function failOver(
  rig: FailoverRig,
  options: { boundMs?: number; answersBefore?: number; answersAfter?: number } = {},
): Promise<{ run: LoadRun; times: FailoverTimes }> {
  const bound = options.boundMs ?? 120_000;
  const run = startLoad(rig);
  // A loop that met an answer it does not expect has ended: no use waiting for it.
  const until = async (what: string, ready: () => Promise<boolean> | boolean) => {
    await rig.eventually(what, async () => Boolean(run.broken) || (await ready()), bound);
    if (run.broken) throw run.broken;
  };
  try {
    await until('every loop answering before the kill', () => everyLoopAnswered(run, 0, options.answersBefore ?? 5));
    const killedAt = Date.now();
    rig.cluster.primary.kill();
    await rig.cluster.replica.promote();
    const promotedAt = Date.now();
    await until('HAProxy routing to the promoted standby', async () => {
      const states = await rig.proxy.states();
      return states.pg2 === 'UP' && states.pg1 !== 'UP';
    });
    const routedAt = Date.now();
    await until('every loop answering after the failover', () => everyLoopAnswered(run, killedAt));
    // A few more answers each, so that writes acknowledged by the new primary are among those checked.
    await until('every loop answering on the new primary', () => everyLoopAnswered(run, routedAt, options.answersAfter ?? 3));
    await run.stop();
    if (run.broken) throw run.broken;
    const loopsBackMs = Object.fromEntries(Object.entries(loopsBackAt(run, killedAt)).map(([loop, at]) => [loop, at - killedAt]));
    return {
      run,
      times: { promotedMs: promotedAt - killedAt, routedMs: routedAt - killedAt, allLoopsBackMs: Math.max(...Object.values(loopsBackMs)), loopsBackMs },
    };
  } finally {
    await run.stop();
  }
}
