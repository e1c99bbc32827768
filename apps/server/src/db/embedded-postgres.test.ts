import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

const dirs: string[] = [];
const servers: EmbeddedPostgres[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rp-embedded-'));
  dirs.push(dir);
  return dir;
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL server', () => {
  it('creates a cluster with private generated credentials, keeps its data across restarts, and stops', async () => {
    const dir = dataDir();
    const first = await startEmbeddedPostgres({ dataDir: dir, adopt: true });
    servers.push(first);
    const credentialsFile = join(dir, 'postgres-credentials.json');
    expect(statSync(credentialsFile).mode & 0o777).toBe(0o600);
    const { password } = JSON.parse(readFileSync(credentialsFile, 'utf8')) as { password: string };
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(first.url).toContain(password);
    expect(new URL(first.url).hostname).toBe('127.0.0.1');
    const [version] = await query(first.url, 'SHOW server_version_num');
    expect(Number(version?.server_version_num)).toBeGreaterThanOrEqual(180000);
    // Its cache comes back after a restart (autoprewarm).
    expect(await query(first.url, 'SHOW shared_preload_libraries')).toEqual([{ shared_preload_libraries: 'pg_prewarm' }]);
    await query(first.url, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES (1)');
    await first.stop();
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const second = await startEmbeddedPostgres({ dataDir: dir, adopt: true });
    servers.push(second);
    expect(await query(second.url, 'SELECT value FROM kept')).toEqual([{ value: '1' }]);
    const wrongPassword = new URL(second.url);
    wrongPassword.password = 'guess';
    await expect(query(wrongPassword.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
    await second.stop();
  });

  it('finds the server a crashed process left running, and only the owner stops it', async () => {
    const dir = dataDir();
    const crashed = await startEmbeddedPostgres({ dataDir: dir, adopt: true });
    servers.push(crashed);
    // A command-line tool started meanwhile uses the running server and leaves it running.
    const tool = await startEmbeddedPostgres({ dataDir: dir, adopt: false });
    expect(tool.url).toBe(crashed.url);
    await tool.stop();
    expect(await query(crashed.url, 'SELECT 1 AS up')).toEqual([{ up: 1 }]);
    // The portal restarted after the crash adopts it, and stops it when it stops.
    const restarted = await startEmbeddedPostgres({ dataDir: dir, adopt: true });
    expect(restarted.url).toBe(crashed.url);
    await restarted.stop();
    await expect(query(crashed.url, 'SELECT 1')).rejects.toThrow();
  });

  it('never removes a cluster whose credentials are missing, and says what to do', async () => {
    const dir = dataDir();
    const server = await startEmbeddedPostgres({ dataDir: dir, adopt: true });
    await server.stop();
    rmSync(join(dir, 'postgres-credentials.json'));
    await expect(startEmbeddedPostgres({ dataDir: dir, adopt: true })).rejects.toThrow(
      `${join(dir, 'postgres-credentials.json')} is missing, so the cluster in ${join(dir, 'postgres')} cannot be opened. Restore the file, or remove ${join(dir, 'postgres')} to start with an empty database.`,
    );
    expect(readFileSync(join(dir, 'postgres', 'PG_VERSION'), 'utf8')).toMatch(/^18/);
  });

  it('refuses a demo database of the earlier PGlite version and says what to do', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'base'));
    writeFileSync(join(dir, 'PG_VERSION'), '17\n');
    await expect(startEmbeddedPostgres({ dataDir: dir, adopt: true })).rejects.toThrow(
      `${dir} holds a demo database of an earlier version of the portal (PGlite), which this version no longer reads. Its demo data is generated anew on every fresh start, so nothing needs to be kept: remove the folder (rm -rf ${dir}) and start again.`,
    );
  });
});
