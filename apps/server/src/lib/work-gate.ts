/** Thrown when a gate's queue is full: the caller answers "busy, try again" instead of waiting. */
export class GateFull extends Error {
  constructor() {
    super('too much work waiting');
  }
}

export interface WorkGate {
  /** Runs `work` once fewer than `maxRunning` run; throws GateFull if `maxWaiting` already wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Bounds how much of an expensive kind of work (password hashing) runs at once, and how much may
 * queue for it. Beyond the queue the request is refused at once: a flood of sign-in attempts then
 * costs the flood its answers, not every other user's requests their CPU.
 */
export function workGate(options: { maxRunning: number; maxWaiting: number }): WorkGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= options.maxRunning) {
        if (waiting.length >= options.maxWaiting) throw new GateFull();
        // The slot passes straight from the finishing work to this one: `running` stays as it is.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
