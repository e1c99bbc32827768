import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The migrations are written by hand where drizzle-kit cannot (functions, triggers, expression
 * indexes), but the latest snapshot in migrations/meta must still describe what schema.ts says:
 * drizzle-kit diffs schema.ts against it, and a stale one makes the next `npm run db:generate`
 * write tables that already exist. Generating into a copy of the migrations must find nothing to do.
 */
const serverRoot = new URL('../..', import.meta.url).pathname;
const migrations = join(serverRoot, 'src/db/migrations');
const copy = mkdtempSync(join(tmpdir(), 'rp-migrations-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('migration snapshots', () => {
  it('the latest snapshot describes schema.ts: drizzle-kit finds no change to write', () => {
    cpSync(migrations, copy, { recursive: true });
    // drizzle-kit reads `--out` relative to the working directory.
    const output = execFileSync(
      process.execPath,
      [
        join(serverRoot, '../../node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect=postgresql',
        '--schema=./src/db/schema.ts',
        `--out=${relative(serverRoot, copy)}`,
        '--name=drift',
      ],
      { cwd: serverRoot, encoding: 'utf8', timeout: 50_000 },
    );
    expect(readdirSync(copy).filter((name) => name.endsWith('.sql'))).toEqual(readdirSync(migrations).filter((name) => name.endsWith('.sql')));
    expect(output).toContain('No schema changes');
  }, 60_000);
});
