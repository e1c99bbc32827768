import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../src/db/database';
import { ensureMonthlyPartitions } from '../src/db/monthly-partitions';
import { mailOutbox } from '../src/mail/outbox';
import { defaultMailRetry } from '../src/config';
import { recordAudit } from '../src/modules/audit/audit.repository';
import { deliverEndpoint, type DeliveryDeps } from '../src/modules/webhooks/webhook-delivery';
import { newWebhookSecret, sealSecret } from '../src/modules/webhooks/webhook-secret';
import { insertEndpoint } from '../src/modules/webhooks/webhooks.repository';
import { postOutbound } from '../src/lib/outbound-http';
import { createRegistrar } from '../src/test/factories';
import { openBenchServer } from './bench-server';

/*
 * `npm run bench:webhooks`: the delivery rate to a local receiver, in events per second, beside a
 * floor measured in the same run: bare signed-size POSTs to the same receiver through the same
 * client (resolve, connect, send, read), one at a time as an endpoint's deliveries go. The portal's
 * figure adds what each delivery does in the database: the endpoint claimed (FOR UPDATE SKIP
 * LOCKED), the next event read, the attempt logged, the cursor moved, one transaction per event.
 * Also the rate with several endpoints delivering side by side. DATABASE_URL's server, or an
 * embedded one.
 */

const events = Number(process.env.BENCH_EVENTS ?? 2000);
const endpointsSideBySide = Number(process.env.BENCH_ENDPOINTS ?? 4);

const server = await openBenchServer();
const databaseUrl = await server.database('rp_bench_webhooks', true);
const database = await openDatabase({ databaseUrl, dataDir: '', migrations: 'apply', poolSize: 16 });
const key = randomBytes(32).toString('base64');
let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
const deps: DeliveryDeps = {
  db: database.db,
  config: { totpEncryptionKey: key, webhooksAllowHttpLoopback: true, publicUrl: 'http://portal.test', supportEmail: 'support@registry.example', tld: 'be' },
  directory: { listUsers: async () => [] },
  outbox: mailOutbox({ retry: defaultMailRetry, smtpTimeoutMs: 10_000 }),
  log: console,
};

try {
  const now = new Date();
  await ensureMonthlyPartitions(database.db, 'events', now, now);
  await ensureMonthlyPartitions(database.db, 'webhook_attempts', now, now);
  const handles = Array.from({ length: endpointsSideBySide }, (_, i) => `BENCH${i}`);
  for (const handle of handles) {
    await createRegistrar(database.db, { handle });
  }
  const endpointOf = async (handle: string) =>
    (
      await insertEndpoint(database.db, {
        registrarHandle: handle,
        url,
        eventKinds: ['user.enable'],
        secret: sealSecret(newWebhookSecret(), key),
        createdBy: `admin@${handle}`,
        cursorSeq: 0,
      })
    ).id;
  const write = async (handle: string, count: number) => {
    for (let i = 0; i < count; i++) {
      await recordAudit(database.db, { registrarHandle: handle, username: `admin@${handle}`, ip: '192.0.2.1' }, 'user.enable', {
        username: `user${i}@${handle}`,
      });
    }
  };
  const sample = JSON.stringify({
    id: '00000000-0000-0000-0000-000000000000',
    seq: 1,
    type: 'user.enable',
    timestamp: now.toISOString(),
    registrar: 'BENCH0',
    actor: 'admin@BENCH0',
    data: { username: 'user1@BENCH0' },
  });

  // The floor: the same POSTs without the portal's bookkeeping.
  let started = performance.now();
  for (let i = 0; i < events; i++)
    await postOutbound(url, sample, { 'webhook-id': 'x', 'webhook-timestamp': '0', 'webhook-signature': 'v1,x' }, { allowHttpLoopback: true });
  const floor = events / ((performance.now() - started) / 1000);

  // One endpoint, its events in order.
  for (const handle of handles) await write(handle, events);
  const first = await endpointOf(handles[0]!);
  received = 0;
  started = performance.now();
  while ((await deliverEndpoint(deps, first)).last === 'delivered');
  const one = events / ((performance.now() - started) / 1000);
  if (received !== events) throw new Error(`received ${received} of ${events}`);

  // Several endpoints (of several registrars) side by side, as the worker's batch takes them.
  const others = await Promise.all(handles.slice(1).map(endpointOf));
  received = 0;
  started = performance.now();
  await Promise.all(
    others.map(async (id) => {
      while ((await deliverEndpoint(deps, id)).last === 'delivered');
    }),
  );
  const several = received / ((performance.now() - started) / 1000);

  console.log(`Webhook delivery to a local receiver (${server.label}), ${events} events per endpoint`);
  console.log(`  floor: bare POSTs through the same client, one at a time   ${floor.toFixed(0)} /s`);
  console.log(
    `  one endpoint, in order (claim, read, sign, POST, log, cursor) ${one.toFixed(0)} events/s (${((one / floor) * 100).toFixed(0)} % of the floor)`,
  );
  console.log(`  ${others.length} endpoints side by side                                   ${several.toFixed(0)} events/s`);
} finally {
  receiver.close();
  await database.close();
  await server.stop();
}
