import { describe, expect, it } from 'vitest';
import { GateFull, workGate } from './work-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('workGate', () => {
  it('runs at most maxRunning at once, queues up to maxWaiting, and refuses beyond', async () => {
    const gate = workGate({ maxRunning: 2, maxWaiting: 1 });
    const blockers = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = blockers.map((b, i) => gate.run(async () => (started.push(i), await b.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.waiting).toBe(1);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFull);
    blockers[0]!.resolve();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    expect(gate.running).toBe(2);
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(gate.running).toBe(0);
  });

  it('frees the slot when the work fails', async () => {
    const gate = workGate({ maxRunning: 1, maxWaiting: 0 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
