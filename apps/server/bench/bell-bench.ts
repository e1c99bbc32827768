/*
 * `npm run bench:bell [-- --users U] [--seconds S]`: what the bell's unread count costs the portal's
 * process with U signed-in users (default 500), polled or pushed, in CPU of one core beside a floor:
 *
 *  0. floor: the portal with the users signed in (their first count asked) and then idle for S s
 *     (default 90): its timers, its job queue's and pool's own work;
 *  1. polling: each user asks GET /services/messages/unread every 30 s (registryMessageLimits),
 *     on a keep-alive connection of its own, the users spread over the 30 s, for S s;
 *  2. server-sent events: each user holds one open connection (a minimal prototype route in the bench
 *     only, bell-portal-server.ts) on which the server counts and sends every 30 s, for S s after
 *     every connection opened.
 *
 * The extra CPU is the phase's CPU time (utime + stime of the portal's process, /proc) less the
 * floor's, per second of wall time, in % of one core. The bar (issue 32): at most 5 %. The registrar
 * has more unread messages than the count's cap, so each count reads its whole bounded range.
 * DATABASE_URL's server, or an embedded one. Figures are printed, never asserted.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { registryMessageLimits } from '@registrar-panel/contract';
import { openDatabase, type Database } from '../src/db/database';
import { ensureMonthlyPartitions } from '../src/db/monthly-partitions';
import { sql } from 'drizzle-orm';
import { benchDatabaseName, openBenchServer } from './bench-server';
import { removeCompiled, startPortal, type BenchProcess, type PortalReady } from './processes';
import { benchRegistrar, loadBenchRegistry } from './report-data';

const { values } = parseArgs({ args: process.argv.slice(2), options: { users: { type: 'string' }, seconds: { type: 'string' } }, strict: true });
const userCount = Number(values.users ?? 500);
const seconds = Number(values.seconds ?? 90);
const periodMs = registryMessageLimits.unreadPollSeconds * 1000;
const extraMessages = 300;
const ticksPerSecond = 100; // Linux's USER_HZ, what /proc/<pid>/stat counts in.

/** The process's CPU time so far (user + system), in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ", field 3 is the state: utime and stime are fields 14 and 15.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** CPU seconds the process spends over `ms` of wall time, while `during` runs. */
async function measure(pid: number, ms: number): Promise<{ cpu: number; wall: number }> {
  const started = performance.now();
  const before = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { cpu: cpuSeconds(pid) - before, wall: (performance.now() - started) / 1000 };
}

/** Messages to the bench registrar beyond the count's cap, over the last 30 days (kept between runs). */
async function addMessages(database: Database): Promise<void> {
  const now = new Date();
  await ensureMonthlyPartitions(database.db, 'registry_messages', new Date(now.getTime() - 31 * 86_400_000), now);
  await database.db.execute(sql`
    INSERT INTO registry_messages (id, at, registrar_handle, kind, domain_name, text)
    SELECT 9000000 + i, now() - (i * interval '2 hours'), ${benchRegistrar}, 'domainAutoRenewed', 'bench-' || i || '.be',
           'The registration bench-' || i || '.be was renewed automatically for one year.'
    FROM generate_series(1, ${extraMessages}) AS i
    ON CONFLICT DO NOTHING`);
}

function tokenFor(portal: BenchProcess<PortalReady>, username: string): Promise<string> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      const answer = message as { username?: string; token?: string };
      if (answer.username !== username || !answer.token) return;
      portal.child.off('message', listener);
      resolve(answer.token);
    };
    portal.child.on('message', listener);
    portal.child.send({ tokenFor: username });
  });
}

interface User {
  username: string;
  token: string;
  agent: Agent;
}

/** One GET of the unread count; its status. */
function ask(port: number, user: User): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/services/messages/unread',
        agent: user.agent,
        headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Every user polls every period, the first poll of each spread over one period; until `stop`. */
function poll(port: number, users: User[]) {
  const statuses = new Map<number, number>();
  const timers: NodeJS.Timeout[] = [];
  users.forEach((user, index) => {
    const once = () => void ask(port, user).then((status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    timers.push(
      setTimeout(
        () => {
          once();
          timers.push(setInterval(once, periodMs));
        },
        (index * periodMs) / users.length,
      ),
    );
  });
  return {
    statuses,
    stop: () => timers.forEach((timer) => clearTimeout(timer)),
  };
}

/** Opens one SSE connection per user; resolves once every connection had its first event. */
async function openStreams(port: number, users: User[]) {
  let events = 0;
  const requests = await Promise.all(
    users.map(
      (user) =>
        new Promise<ReturnType<typeof httpRequest>>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: `/bench/unread-stream?user=${encodeURIComponent(user.username)}`,
              agent: false,
              headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
            },
            (res) => {
              if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
              let first = true;
              res.on('data', () => {
                events += 1;
                if (first) resolve(req);
                first = false;
              });
            },
          );
          req.on('error', reject);
          req.end();
        }),
    ),
  );
  return { events: () => events, close: () => requests.forEach((req) => req.destroy()) };
}

const percentOfCore = (cpu: number, wall: number) => (cpu / wall) * 100;

async function main() {
  const server = await openBenchServer();
  const databaseUrl = await server.database(benchDatabaseName(1000));
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await loadBenchRegistry(database, 1000);
  await addMessages(database);
  await database.close();

  const portal = await startPortal(databaseUrl, {}, 'bell-portal-server.ts');
  const { port } = portal.ready;
  try {
    const users: User[] = [];
    for (let i = 0; i < userCount; i++) {
      const username = `bell${i}@${benchRegistrar}`;
      users.push({ username, token: await tokenFor(portal, username), agent: new Agent({ keepAlive: true, maxSockets: 1 }) });
    }
    // Signed in: each user's first count (its session recorded, its token verified and cached).
    for (let i = 0; i < users.length; i += 50) await Promise.all(users.slice(i, i + 50).map((user) => ask(port, user)));
    const first = await ask(port, users[0]!);
    if (first !== 200) throw new Error(`the unread count answered ${first}`);

    console.log(`The bell's unread count, ${userCount} signed-in users, every ${periodMs / 1000} s, ${seconds} s a phase (${server.label})`);
    const floor = await measure(portal.pid, seconds * 1000);
    const floorPercent = percentOfCore(floor.cpu, floor.wall);
    console.log(`  floor: the portal idle                      ${floorPercent.toFixed(2).padStart(6)} % of one core`);

    const polling = poll(port, users);
    const polled = await measure(portal.pid, seconds * 1000);
    polling.stop();
    const answers = [...polling.statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    const pollPercent = percentOfCore(polled.cpu, polled.wall);
    console.log(
      `  polling (GET /services/messages/unread)    ${pollPercent.toFixed(2).padStart(6)} % (extra ${(pollPercent - floorPercent).toFixed(2)} %), ${answers}`,
    );

    // Token lifetimes are 5 minutes: fresh ones for the streams' authentication.
    for (const user of users) user.token = await tokenFor(portal, user.username);
    const connectStarted = cpuSeconds(portal.pid);
    const streams = await openStreams(port, users);
    const connectCpu = cpuSeconds(portal.pid) - connectStarted;
    const streamed = await measure(portal.pid, seconds * 1000);
    const ssePercent = percentOfCore(streamed.cpu, streamed.wall);
    console.log(
      `  server-sent events (prototype), held       ${ssePercent.toFixed(2).padStart(6)} % (extra ${(ssePercent - floorPercent).toFixed(2)} %), ${streams.events()} events; opening the ${userCount} connections took ${connectCpu.toFixed(2)} s of CPU`,
    );
    streams.close();
    console.log(`  bar: extra CPU at most 5 % of one core`);
  } finally {
    await portal.stop();
    removeCompiled();
    await server.stop();
  }
}

await main();
