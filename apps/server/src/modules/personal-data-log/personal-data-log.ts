import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { PersonalDataRead } from '../../plugins/api-routes';
import { insertPersonalDataReads } from './personal-data-log.repository';

/**
 * The personal-data log's writer (issue 34): the API's chain (plugins/api-routes.ts) hands it one read
 * per answer of a route marked `personalData`; it keeps them in memory and writes them together, at
 * most `delayMs` later or as soon as `maxBatch` wait, so a search answers without an extra round trip
 * to the database (bench:search measures it). The price: a crash (not a graceful stop, which flushes)
 * loses at most the last `delayMs` of reads (docs/decisions.md). A failed write is logged and tried
 * again with the next one; beyond `maxHeld` reads waiting, the oldest are dropped and said so.
 */
export interface PersonalDataLog {
  /** Takes one read, to be written shortly; never waits and never throws. */
  record(read: PersonalDataRead): void;
  /** Writes every read taken so far (the history before an ADMIN reads it, the app as it closes). */
  flush(): Promise<void>;
}

export interface PersonalDataLogOptions {
  delayMs: number;
  maxBatch: number;
  maxHeld: number;
}

export const defaultPersonalDataLogOptions: PersonalDataLogOptions = { delayMs: 1_000, maxBatch: 500, maxHeld: 50_000 };

export function personalDataLog(db: Db, log: FastifyBaseLogger, options: PersonalDataLogOptions = defaultPersonalDataLogOptions): PersonalDataLog {
  let pending: PersonalDataRead[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Writes run one after another, in the order they were asked for.
  let writing: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => void flush(), options.delayMs);
    // A waiting write never keeps the process alive: closing the app flushes.
    timer.unref();
  };

  async function write(): Promise<void> {
    const batch = pending;
    pending = [];
    let written = 0;
    try {
      for (; written < batch.length; written += options.maxBatch) await insertPersonalDataReads(db, batch.slice(written, written + options.maxBatch));
    } catch (error) {
      const held = [...batch.slice(written), ...pending];
      const dropped = Math.max(0, held.length - options.maxHeld);
      pending = held.slice(dropped);
      log.error({ err: error, waiting: pending.length, dropped }, 'personal-data log: reads not written, tried again shortly');
      schedule();
    }
  }

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(() => (pending.length === 0 ? undefined : write()));
    return writing;
  }

  return {
    record(read) {
      pending.push(read);
      if (pending.length >= options.maxBatch) void flush();
      else schedule();
    },
    flush,
  };
}
