import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoPassword, demoTotpSecret } from '../apps/server/src/identity/demo/demo-accounts';
import { createDatabase, startInstance, stopInstance, waitUntilReady, type Instance } from './support/fleet';
import { failoverFigures, LoadRun } from './support/fleet-load';
import { haproxyBinary, startHaproxy, troubleInLog, type Haproxy, type ServerStat } from './support/haproxy';
import { HttpBrowser, issuerPath, pageError, signIn, startSignIn, submit, tokenRequest, type Page, type Tokens } from './support/http-sign-in';
import { startMailCatcher, type ReceivedMail } from './support/mail-catcher';
import { parseMail } from './support/mailbox';
import { freePort } from '../apps/server/src/lib/free-port';

/*
 * The portal run as a registry runs it: one build, three instances started at once on an empty
 * PostgreSQL database, sharing Redis, behind HAProxy with deploy/haproxy's recipe. Through the
 * proxy it signs in, puts reads, versioned writes and user creations (each mails an activation
 * link) under load, and kills one instance with SIGKILL in the middle. What must hold: the fleet
 * starts with the migrations applied once and one signing key; no acknowledged write is lost, reads
 * never fail and a write fails only if it was sent before the proxy marked the dead instance down
 * (never replayed: it may have been committed); the session goes on through the other instances; a
 * lockout and a rate limit counted on the killed instance hold on the others; each mail goes out
 * once. The figures are printed.
 */

const serverUrl = process.env.DATABASE_URL;
const haproxy = haproxyBinary();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const missing = [serverUrl ? '' : 'DATABASE_URL (the PostgreSQL server the instances share)', haproxy ? '' : 'haproxy (apt-get install haproxy)'].filter(
  Boolean,
);
if (missing.length > 0) console.warn(`Fleet test skipped: it needs ${missing.join(' and ')} (.ci/run provides them).`);

const checkInterval = '500ms';
/** Sign-in posts from one address; low, so that the test reaches it (the other limits are raised out of the way). */
const signInPostsPerAddress = 8;
const lockoutUser = 'tech@globex';
const lockoutAddress = '198.51.100.10';
const limitedAddress = '198.51.100.20';

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
let proxy: Haproxy | undefined;
let instances: Instance[] = [];
let publicUrl = '';
let readyInMs = 0;
const redisKeyPrefix = `registrar-panel-fleet-${randomBytes(4).toString('hex')}:`;

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database?.url });
  // A connection error outside a query (the database restarting under the test) would otherwise be
  // an uncaught error that ends the run; the query it breaks still rejects and fails the test.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Where the outbox's jobs for these recipients stand (pg-boss's table), to tell why a mail is missing or doubled. */
async function mailJobs(recipients: string[]): Promise<string> {
  if (recipients.length === 0) return '';
  try {
    const rows = await query<{ to: string; state: string; retry_count: number; started_on: Date | null; completed_on: Date | null }>(
      `SELECT data->>'to' AS to, state, retry_count, started_on, completed_on FROM pgboss.job WHERE data->>'to' = ANY($1) ORDER BY 1`,
      [recipients],
    );
    const time = (at: Date | null) => at?.toISOString().slice(11, 23) ?? '-';
    return `mail jobs: ${rows.map((row) => `${row.to} ${row.state} (retries ${row.retry_count}, started ${time(row.started_on)}, completed ${time(row.completed_on)})`).join('; ')}`;
  } catch (error) {
    return `mail jobs unknown: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const byName = (stats: ServerStat[], name: string) => stats.find((stat) => stat.svname === name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (missing.length > 0) return;
  mail = await startMailCatcher();
  database = await createDatabase(serverUrl!);
  const proxyPort = await freePort();
  publicUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    // The demo users are the accounts to sign in with; the demo is seeded once, by whichever instance comes first.
    DEMO_MODE: 'true',
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    SMTP_URL: mail.url,
    // The mails the killed instance was sending are taken up again after 3 × SMTP_TIMEOUT (15 s at
    // least) and the queue's next maintenance (10 s), then retried after MAIL_RETRY_DELAY: seconds, not minutes.
    SMTP_TIMEOUT: '3000',
    MAIL_RETRY_DELAY: '1',
    TRUST_PROXY: '127.0.0.1',
    WEB_DIST_DIR: inject('webDistDir'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN_PER_IP: `${signInPostsPerAddress}/15m`,
    // One user, from one address, makes every request of the load: out of its way.
    RATE_LIMIT_SERVICES_PER_IP: '1000000/1m',
    RATE_LIMIT_SERVICES_PER_USER: '1000000/1m',
    RATE_LIMIT_USER_CREATION_PER_IP: '10000/1h',
    RATE_LIMIT_USER_CREATION_PER_USER: '10000/1h',
  };
  const ports: number[] = [];
  while (ports.length < 3) {
    const port = await freePort();
    if (port !== proxyPort && !ports.includes(port)) ports.push(port);
  }
  const started = Date.now();
  instances = ports.map((port, index) => startInstance(join(inject('serverDistDir'), 'server.js'), `portal${index + 1}`, port, env));
  await Promise.all(instances.map((instance) => waitUntilReady(instance, 150_000)));
  readyInMs = Date.now() - started;
  proxy = await startHaproxy({
    binary: haproxy!,
    port: proxyPort,
    servers: instances.map((instance) => ({ name: instance.name, address: `127.0.0.1:${instance.port}` })),
    checkInterval,
    timeoutMs: 30_000,
  });
}, 240_000);

afterAll(async () => {
  if (missing.length > 0) return;
  // Everything is stopped and removed whatever failed before: each step on its own.
  const steps = await Promise.allSettled([proxy?.stop(), ...instances.map((instance) => stopInstance(instance))]);
  const later = await Promise.allSettled([
    database?.drop(),
    mail?.close(),
    (async () => {
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisKeyPrefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    })(),
  ]);
  if (mail) rmSync(mail.dir, { recursive: true, force: true });
  for (const result of [...steps, ...later]) if (result.status === 'rejected') console.error('fleet cleanup:', result.reason);
}, 60_000);

describe.skipIf(missing.length > 0)('a fleet of three instances behind HAProxy', () => {
  const victim = () => instances[0]!;
  const survivors = () => instances.slice(1);
  let proxyBrowser: HttpBrowser;
  let run: LoadRun;
  let tokens: Tokens;
  let lockoutCountedAt = 0;

  it('starts three instances at once on an empty database: all ready, migrations applied once, one signing key', async () => {
    const journal = JSON.parse(readFileSync(join(inject('serverDistDir'), 'migrations/meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const tags = journal.entries.map((entry) => entry.tag);
    const applied = await query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY id');
    expect(applied.map((row) => Number(row.created_at))).toEqual(journal.entries.map((entry) => entry.when));

    // Each instance prints what it applies: one printed every migration (and the job queue's), the others nothing.
    const appliedBy = instances.map((instance) => ({ name: instance.name, lines: instance.output.filter((line) => line.startsWith('Applying migration')) }));
    const migrators = appliedBy.filter((instance) => instance.lines.length > 0);
    expect(migrators).toHaveLength(1);
    const sqlTags = migrators[0]!.lines.flatMap((line) => /^Applying migration (\S+?)(?: \(outside a transaction\))?…$/.exec(line)?.[1] ?? []);
    expect(sqlTags).toEqual(tags);

    expect(await query('SELECT kid FROM identity_signing_keys')).toHaveLength(1);
    const kids = await Promise.all(
      instances.map(async (instance) => {
        const jwks = (await (await fetch(`${instance.url}${issuerPath}/protocol/openid-connect/certs`)).json()) as { keys: { kid: string }[] };
        return jwks.keys.map((key) => key.kid);
      }),
    );
    expect(new Set(kids.flat()).size).toBe(1);
    // The demo too was loaded once, by whichever instance took the seeding lock first.
    expect(await query('SELECT handle FROM registrars')).toHaveLength(3);
    console.log(
      `Fleet: 3 instances ready ${(readyInMs / 1000).toFixed(1)} s after they were started together; ${migrators[0]!.name} applied the migrations (${migrators[0]!.lines.map((line) => line.replace(/^Applying migration /, '').replace(/…$/, '')).join(', ')}), the others applied none.`,
    );
  });

  it('HAProxy checks each instance at /health/ready and keeps /metrics to the instances', async () => {
    const stats = await proxy!.servers();
    expect(stats.map((stat) => [stat.svname, stat.status, stat.check_status])).toEqual(instances.map((instance) => [instance.name, 'UP', 'L7OK']));

    const proxied = await fetch(`${proxy!.url}/metrics`);
    expect(proxied.status).toBe(404);
    expect(await proxied.text()).not.toContain('process_cpu');
    // The instance itself serves them to this machine: the proxy is what keeps them in.
    expect((await fetch(`${victim().url}/metrics`)).status).toBe(200);
    for (const variant of ['//metrics', '/Metrics', '/%6detrics', '/metrics/']) expect((await fetch(`${proxy!.url}${variant}`)).status, variant).toBe(404);
  });

  it('signs in through the proxy (password and one-time code), and the token works on every instance', async () => {
    proxyBrowser = new HttpBrowser(proxy!.url);
    tokens = await signIn(proxyBrowser, publicUrl, 'admin@acme', demoPassword, () => generate({ secret: demoTotpSecret('admin@acme') }));
    for (const target of [proxy!.url, ...instances.map((instance) => instance.url)]) {
      const response = await fetch(`${target}/services/registrar`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(response.status, target).toBe(200);
    }
  });

  it('counts a sign-in lockout and a rate limit on the instance that will be killed', async () => {
    // As HAProxy would forward them: TRUST_PROXY=127.0.0.1 takes the client's address from X-Forwarded-For.
    const guesser = new HttpBrowser(victim().url, { 'x-forwarded-for': lockoutAddress });
    let page: Page = (await startSignIn(guesser, publicUrl)).page;
    const errors: (string | undefined)[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      page = await submit(guesser, page, { username: lockoutUser, password: `wrong guess ${attempt}` }, publicUrl);
      errors.push(pageError(page));
    }
    lockoutCountedAt = Date.now();
    expect(errors.slice(0, 4)).toEqual(Array(4).fill('Invalid username or password.'));
    expect(errors[4]).toMatch(/^Too many failed attempts/);

    // Sign-in posts from one address, up to the limit, all on the one instance.
    const flooder = new HttpBrowser(victim().url, { 'x-forwarded-for': limitedAddress });
    for (let post = 1; post <= signInPostsPerAddress; post++) {
      const response = await flooder.request('POST', `${issuerPath}/login-actions/fleet-probe/login`, { username: `probe-${post}@fleet`, password: 'x' });
      await response.body?.cancel();
      expect(response.status, `post ${post}`).not.toBe(429);
    }
  });

  it('goes on under load when one instance is killed: no read fails, no acknowledged write is lost', async () => {
    run = new LoadRun(proxy!.url, () => tokens.access_token);
    const loops = [
      run.reader('read1'),
      run.reader('read2'),
      run.reader('read3'),
      run.writer('tech', 'TECH'),
      run.writer('admin', 'ADMIN'),
      run.creator('users', 200),
    ];
    await sleep(4_000);
    const atKill = await proxy!.servers();
    const killAt = Date.now();
    victim().process.kill('SIGKILL');
    let markedDownAt: number | undefined;
    while (Date.now() < killAt + 6_000) {
      if (markedDownAt === undefined && byName(await proxy!.servers(), victim().name)?.status?.startsWith('DOWN')) markedDownAt = Date.now();
      await sleep(markedDownAt === undefined ? 20 : 250);
    }
    run.stop();
    await Promise.all(loops);
    const atEnd = await proxy!.servers();

    const figures = failoverFigures(run.outcomes, killAt);
    const served = (stats: ServerStat[]) => instances.map((instance) => Number(byName(stats, instance.name)?.stot ?? 0));
    const [before, after] = [served(atKill), served(atEnd)];
    const backend = (stats: ServerStat[], field: string) => stats.reduce((sum, stat) => sum + Number(stat[field] || 0), 0);
    const relative = (at: number) => `${at - killAt >= 0 ? '+' : ''}${at - killAt} ms`;
    const writesAfterKill = run.outcomes.filter((outcome) => outcome.method === 'POST' && outcome.start > killAt && outcome.status === 200).length;
    console.log(
      [
        `Fleet under load through HAProxy: ${run.outcomes.length} requests in ${((Math.max(...run.outcomes.map((o) => o.end)) - Math.min(...run.outcomes.map((o) => o.start))) / 1000).toFixed(1)} s by 6 loops (3 reading, 2 writing contacts, 1 creating users); ${victim().name} killed with SIGKILL after 4 s`,
        `  by method: ${Object.entries(figures.byMethod)
          .map(([method, count]) => `${method} ${count}`)
          .join(', ')}; version conflicts between the writers (409, retried): ${run.conflicts}`,
        `  answered per instance (HAProxy): ${instances.map((instance, index) => `${instance.name} ${before[index]} before the kill, ${after[index]! - before[index]!} after`).join('; ')}`,
        `  errors during the failover: ${figures.failed.length}${figures.failed.map((o) => `\n    ${o.method} ${o.path} → ${o.status || o.error} (sent ${relative(o.start)}, answered ${relative(o.end)} from the kill)`).join('')}`,
        `  HAProxy: ${backend(atEnd, 'wretr')} retries, ${backend(atEnd, 'wredis')} redispatched to another instance, ${backend(atEnd, 'econ')} connection errors; its log of them:${troubleInLog(
          proxy!.output,
        )
          .map((line) => `\n    ${line.replace(/^<\d+>/, '')}`)
          .join('')}`,
        `  kill → ${victim().name} marked DOWN by HAProxy: ${markedDownAt === undefined ? 'not within 6 s' : `${markedDownAt - killAt} ms`}`,
        `  kill → first successful answer to a request sent after it: ${figures.firstSuccessMs} ms; every loop answered again: ${figures.allLoopsBackMs} ms; slowest request across the kill: ${figures.slowestAcrossKillMs} ms`,
        `  acknowledged writes: ${run.writes.length} (${writesAfterKill} after the kill); writes without an answer: ${run.writesInDoubt.length}; users created: ${run.createdUsers.length}, without an answer: ${run.creationsInDoubt.length}`,
      ].join('\n'),
    );

    // Every instance took its share before the kill; the survivors took all of it after.
    expect(before.every((count) => count > 0)).toBe(true);
    expect(after.slice(1).every((count, index) => count > before[index + 1]!)).toBe(true);
    expect(markedDownAt, 'HAProxy marked the killed instance down').toBeDefined();
    expect(figures.allLoopsBackMs).toBeDefined();
    expect(writesAfterKill).toBeGreaterThan(0);
    // Reads never fail (retried on another instance); a write fails only when it was sent before the
    // proxy knew and its answer was lost with the instance (never replayed: it may have been committed).
    expect(run.outcomes.filter((outcome) => outcome.method === 'GET' && outcome.status !== 200)).toEqual([]);
    for (const failure of figures.failed) {
      expect(failure.method).toBe('POST');
      expect(failure.start).toBeLessThan(markedDownAt!);
    }
    expect(figures.failed.length).toBeLessThanOrEqual(3);

    // Every acknowledged write is in the database with the version it answered, and versions only grow.
    const versions = run.writes.map((write) => write.version);
    expect(new Set(versions).size).toBe(versions.length);
    expect(run.writes.filter((write) => write.version !== write.sentVersion + 1)).toEqual([]);
    const audited = await query<{ action: string; version: number; email: string | null }>(
      `SELECT action, (details->>'version')::int AS version,
              (SELECT c->>'new' FROM jsonb_array_elements(details->'changes') c WHERE c->>'field' = 'email') AS email
         FROM audit_events WHERE registrar_handle = 'acme' AND action IN ('registrar.techContact.update', 'registrar.adminContact.update') ORDER BY id`,
    );
    const committed = new Map(audited.map((row) => [row.version, row]));
    expect(committed.size).toBe(audited.length);
    expect(audited.map((row) => row.version)).toEqual([...audited.map((row) => row.version)].sort((a, b) => a - b));
    const lost = run.writes.filter((write) => {
      const row = committed.get(write.version);
      return row?.email !== write.email || row.action !== `registrar.${write.type.toLowerCase()}Contact.update`;
    });
    expect(lost).toEqual([]);
    const [registrar] = await query<{ version: number; tech: string; admin: string }>(
      `SELECT version, tech_contact->>'email' AS tech, admin_contact->>'email' AS admin FROM registrars WHERE handle = 'acme'`,
    );
    const lastOf = (action: string) => audited.filter((row) => row.action === action).at(-1)?.email;
    expect(registrar).toEqual({
      version: audited.at(-1)?.version,
      tech: lastOf('registrar.techContact.update'),
      admin: lastOf('registrar.adminContact.update'),
    });
  });

  it('keeps the signed-in session on the other instances: refresh, single sign-on and the token', async () => {
    const refreshed = await tokenRequest(proxyBrowser, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Tokens;
    // The browser's session (its cookie, kept in the database) signs in again without a password.
    const again = await startSignIn(proxyBrowser, publicUrl);
    expect(again.page.path).toMatch(/[?&]code=/);
    for (const target of [proxy!.url, ...survivors().map((instance) => instance.url)]) {
      for (const token of [tokens.access_token, next.access_token]) {
        expect((await fetch(`${target}/services/registrar`, { headers: { authorization: `Bearer ${token}` } })).status, target).toBe(200);
      }
    }
    tokens = next;
  });

  it('holds the lockout and the rate limit counted on the killed instance on the others', async () => {
    // Still within the lockout's first wait (1 minute from the fifth failure).
    expect(Date.now() - lockoutCountedAt).toBeLessThan(55_000);
    for (const survivor of survivors()) {
      const owner = new HttpBrowser(survivor.url, { 'x-forwarded-for': lockoutAddress });
      const page = await submit(owner, (await startSignIn(owner, publicUrl)).page, { username: lockoutUser, password: demoPassword }, publicUrl);
      expect(pageError(page), survivor.name).toMatch(/^Too many failed attempts/);
    }
    // From another address (here, through the proxy) the owner is not locked out: the right password is taken.
    const elsewhere = new HttpBrowser(proxy!.url);
    const codePage = await submit(elsewhere, (await startSignIn(elsewhere, publicUrl)).page, { username: lockoutUser, password: demoPassword }, publicUrl);
    expect(pageError(codePage)).toBeUndefined();
    expect(codePage.html).toContain('One-time code');

    const post = (target: string, headers: Record<string, string>) =>
      fetch(`${target}${issuerPath}/login-actions/fleet-probe/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'username=probe%40fleet&password=x',
      });
    for (const survivor of survivors()) {
      const refused = await post(survivor.url, { 'x-forwarded-for': limitedAddress });
      expect(refused.status, survivor.name).toBe(429);
      expect(await refused.text()).toContain('Too many attempts from your network');
    }
    // Counted per address: another address is not refused, nor a client that claims the address through the proxy.
    expect((await post(survivors()[0]!.url, { 'x-forwarded-for': '198.51.100.21' })).status).not.toBe(429);
    expect((await post(proxy!.url, { 'x-forwarded-for': limitedAddress })).status).not.toBe(429);
  });

  it('sends each mail once: one activation mail per user created, whichever instance created it', { timeout: 120_000 }, async () => {
    const created = (await query<{ email: string }>(`SELECT email FROM users WHERE email LIKE '%@users.fleet.example'`)).map((row) => row.email);
    const mailFiles = () => readdirSync(mail!.dir).filter((name) => name.endsWith('.json'));
    const received = () =>
      mailFiles()
        .map((name) => parseMail(JSON.parse(readFileSync(join(mail!.dir, name), 'utf8')) as ReceivedMail, name))
        .filter((m) => m.to.some((to) => to.endsWith('@users.fleet.example')));
    // Mail may go out after the request (an outbox): a bounded wait for every user's, then a little longer for any second copy.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !created.every((email) => received().some((m) => m.to.includes(email)))) await sleep(250);
    await sleep(2_000);
    const mails = received();
    const perRecipient = new Map<string, number>();
    for (const m of mails) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const wrong = [...new Set([...created, ...perRecipient.keys()])]
      .map((email) => ({ email, mails: perRecipient.get(email) ?? 0, user: created.includes(email) }))
      .filter((entry) => entry.mails !== 1 || !entry.user);
    console.log(`Fleet mail: ${created.length} users created (${run.createdUsers.length} acknowledged), ${mails.length} activation mails received.`);
    expect(run.createdUsers.length).toBeGreaterThan(0);
    expect(run.createdUsers.filter((email) => !created.includes(email))).toEqual([]);
    expect(mails.every((m) => m.subject.startsWith('Activate your'))).toBe(true);
    expect(wrong, await mailJobs(wrong.map((entry) => entry.email))).toEqual([]);
  });
});
