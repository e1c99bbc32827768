import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/*
 * The benchmarks' files: a CSV download through HTTP, counted as it streams, and its floor, `psql
 * \copy` of the same SELECT to /dev/null in the time zone the portal's COPY runs in.
 */

export interface Download {
  /** Lines after the header. */
  rows: number;
  bytes: number;
  firstByteMs: number;
  seconds: number;
  /** The response's x-record-count header, when it has one. */
  announced: number | undefined;
}

/**
 * Downloads `url` with the bearer token, counting lines; `onLines` is told the count after each
 * chunk. Compressed as Node's fetch asks (gzip), or with `acceptEncoding` as a browser asks (`br`).
 */
export async function download(url: string, token: string, onLines?: (lines: number) => void, acceptEncoding?: string): Promise<Download> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const header = response.headers.get('x-record-count');
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
    onLines?.(lines);
  }
  return { rows: lines - 1, bytes, firstByteMs, seconds: (performance.now() - started) / 1000, announced: header === null ? undefined : Number(header) };
}

/** A value as an SQL literal, for the SELECTs a floor runs (COPY takes no parameters). */
export const sqlLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Seconds `psql \copy (select) TO '/dev/null'` takes, in Brussels time; undefined (and why, printed) when psql fails. */
export function psqlCopySeconds(databaseUrl: string, select: string): number | undefined {
  // psql's \copy wants its whole command on one line.
  const command = `\\copy (${select.replace(/\s+/g, ' ')}) TO '/dev/null' WITH (FORMAT csv)`;
  const started = performance.now();
  const run = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', command, databaseUrl], {
    env: { ...process.env, PGTZ: 'Europe/Brussels' },
    encoding: 'utf8',
  });
  if (run.error || run.status !== 0) {
    console.log(`  psql \\copy floor unavailable: ${run.error?.message ?? run.stderr}`);
    return undefined;
  }
  return (performance.now() - started) / 1000;
}
