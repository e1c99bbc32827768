import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { WebhookSecretResponse } from '@registrar-panel/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminOf } from '../api-keys/api-keys.test-support';
import { recordAudit } from '../audit/audit.repository';

/*
 * At least once, across a crash: the instance delivering is SIGKILLed while a delivery is in flight;
 * another instance takes over and every event still arrives, each id once after de-duplication by
 * `webhook-id`, in order among the deliveries that succeeded.
 */

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestApp;
// The test app's database is a copy of the template with its own address (test/test-database.ts).
const databaseUrl = () => (t.database as typeof t.database & { url: string }).url;
const children: ChildProcess[] = [];

function startWorker(databaseUrl: string, key: string): Promise<ChildProcess> {
  // Node itself with tsx's loader, not the tsx command: SIGKILL must reach the process doing the work.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/modules/webhooks/webhook-worker.test-support.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, TOTP_ENCRYPTION_KEY: key },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker ended (${code}) before it was ready`)));
  });
}

beforeAll(async () => {
  t = await createTestApp({ webhooksAllowHttpLoopback: true });
  await createRegistrar(t.database.db, { handle: 'alpha' });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t?.close();
});

describe('a delivering instance killed mid-delivery', () => {
  it('loses no event: every one arrives, each id once after de-duplication, in order', async () => {
    const arrivals: { headers: IncomingHttpHeaders; body: string }[] = [];
    let onArrival: (count: number) => void = () => undefined;
    // Answers after a moment, so that a delivery is in flight when the worker dies.
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        arrivals.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        onArrival(arrivals.length);
        setTimeout(() => response.writeHead(200).end(), 40);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const created = await call(t, { method: 'POST', url: '/services/webhooks', as: adminOf('alpha'), body: { url, eventKinds: ['user.enable'] } });
      const { secret } = created.json<{ data: WebhookSecretResponse }>().data;
      const total = 40;
      for (let i = 0; i < total; i++) {
        await recordAudit(t.database.db, { registrarHandle: 'alpha', username: 'admin@alpha', ip: '192.0.2.1' }, 'user.enable', { username: `u${i}` });
      }
      const first = await startWorker(databaseUrl(), t.config.totpEncryptionKey);
      await new Promise<void>((resolve) => {
        onArrival = (count) => {
          // A request has arrived and its answer is 40 ms away: the worker dies holding it.
          if (count === 12) {
            first.kill('SIGKILL');
            resolve();
          }
        };
      });
      await new Promise((resolve) => first.once('exit', resolve));
      const received = arrivals.length;
      expect(received).toBeLessThan(total);
      const done = new Promise<void>((resolve) => {
        onArrival = () => {
          if (new Set(arrivals.map((a) => a.headers['webhook-id'])).size === total) resolve();
        };
      });
      await startWorker(databaseUrl(), t.config.totpEncryptionKey);
      await done;
      const verifier = new Webhook(secret);
      const unique = new Map<string, string>();
      for (const arrival of arrivals) {
        const event = verifier.verify(arrival.body, {
          'webhook-id': String(arrival.headers['webhook-id']),
          'webhook-timestamp': String(arrival.headers['webhook-timestamp']),
          'webhook-signature': String(arrival.headers['webhook-signature']),
        }) as { data: { username: string } };
        unique.set(String(arrival.headers['webhook-id']), event.data.username);
      }
      // The de-duplicated sequence is every event, in the order of the stream.
      expect([...unique.values()]).toEqual(Array.from({ length: total }, (_, i) => `u${i}`));
      // The one in flight at the kill came again: at least once, never lost.
      expect(arrivals.length).toBeGreaterThan(total);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 60_000);
});
