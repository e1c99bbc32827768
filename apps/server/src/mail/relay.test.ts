import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelRole } from '@registrar-panel/contract';
import { demoMailbox } from '../db/schema';
import { startSmtpListener, type SmtpListener } from '../identity/testing/smtp-listener';
import { startBackgroundWork, type BackgroundWork } from '../jobs/background';
import { jobQueueSchema } from '../db/job-queue-schema';
import { freePort } from '../lib/free-port';
import { createRegistrar } from '../test/factories';
import { call } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Mail } from './mail';

/* The outbox and the relay with a real SMTP server on loopback that is down, then up. */

const admin = { username: 'ada@alpha', roles: ['ADMIN'] as PanelRole[] };
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[], firstName: 'Carla', lastName: 'Tech' };

let t: TestApp | undefined;
let smtp: SmtpListener | undefined;
const relays: BackgroundWork[] = [];
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.stop();
  await smtp?.close();
  await t?.close();
  smtp = undefined;
  t = undefined;
});

/** Polls until `done` holds; bounded (generous: the machine may be busy). */
async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const key = (mail: { to: string | string[]; subject: string }) => `${String(mail.to)} | ${mail.subject}`;

async function jobStates(app: TestApp): Promise<Record<string, number>> {
  const { rows } = await app.database.db.execute<{ state: string; n: number }>(
    sql`SELECT state::text, count(*)::int AS n FROM ${sql.identifier(jobQueueSchema)}.job WHERE name = 'mail' GROUP BY state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/** The metrics as Prometheus reads them (inject comes from loopback). */
async function scrape(app: TestApp): Promise<string> {
  const res = await app.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('mail through the outbox', () => {
  it('lets the actions succeed while the SMTP server is down; when it is up, each mail arrives exactly once, after a restart, with two relays', async () => {
    const port = await freePort();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailRetry: { retryLimit: 12, retryDelaySeconds: 1 } });
    await createRegistrar(t.database.db, { handle: 'alpha' });

    // Actions that mail, with nothing listening on the SMTP port: each succeeds.
    const created = await Promise.all(
      [1, 2, 3].map((i) =>
        call(t!, {
          method: 'POST',
          url: '/services/users',
          as: admin,
          body: { username: `new${i}`, name: `New ${i}`, email: `new${i}@mail.example`, roles: ['TECH'] },
        }),
      ),
    );
    expect(created.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(created.map((res) => res.json<{ data: { activationMail: string } }>().data.activationMail)).toEqual(['sent', 'sent', 'sent']);
    const epp = await call(t, { method: 'PUT', url: '/services/registrar/epp/ip', as: tech, body: { ipAddresses: ['192.0.2.7'] } });
    expect(epp.statusCode).toBe(200);
    const queued = await t.queuedMail();
    expect(queued.map((mail) => mail.subject)).toEqual([
      ...Array<string>(3).fill('Activate your .be registrar panel account'),
      ...Array<string>(queued.length - 3).fill('EPP allowed IP addresses changed for registrar alpha'),
    ]);

    // A relay tries every mail and fails: they wait in the queue.
    let failed = 0;
    relays.push(await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5, onAttempt: (outcome) => void (outcome === 'failed' && failed++) }));
    await until('every mail was tried once', () => failed >= queued.length);
    // What an operator sees meanwhile: the backlog waiting for a retry, and the failed attempts.
    const during = await scrape(t);
    // Retried after a second: on a busy machine some are already being tried again when it scrapes.
    const gauge = (state: string) => Number(new RegExp(`registrar_panel_mail_outbox_messages\\{state="${state}"\\} (\\d+)`).exec(during)?.[1] ?? -1);
    expect(gauge('retry')).toBeGreaterThan(0);
    expect(gauge('retry') + gauge('active') + gauge('created')).toBe(queued.length);
    expect(Number(/registrar_panel_mail_attempts_total\{outcome="failed"\} (\d+)/.exec(during)?.[1])).toBeGreaterThanOrEqual(queued.length);
    // The instance stops (a restart): the queued mail stays.
    await relays.pop()!.stop();
    expect((await jobStates(t)).completed ?? 0).toBe(0);

    // The SMTP server comes up; two relays (as two instances would) share the queue.
    smtp = await startSmtpListener({ port });
    let sent = 0;
    for (let i = 0; i < 2; i++)
      relays.push(await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5, onAttempt: (outcome) => void (outcome === 'sent' && sent++) }));
    await until('every queued mail arrived', () => smtp!.received.length >= queued.length);
    // A few more polls of both relays: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received.map(key).sort()).toEqual(queued.map(key).sort());
    expect(sent).toBe(queued.length);
    expect(await jobStates(t)).toEqual({ completed: queued.length });
    const after = await scrape(t);
    for (const state of ['created', 'retry', 'active', 'failed']) expect(after).toContain(`registrar_panel_mail_outbox_messages{state="${state}"} 0`);
    expect(after).toContain(`registrar_panel_mail_attempts_total{outcome="sent"} ${queued.length}`);
    // The mail as written: the activation link and the EPP notice text made it through SMTP.
    const activation = smtp.received.find((mail) => mail.to.includes('new1@mail.example'));
    expect(activation?.text).toContain('Your username is new1@alpha.');
  });

  it('without an SMTP server, delivers into the demo mailbox that /dev/mail shows', async () => {
    t = await createTestApp({ smtpUrl: undefined });
    await createRegistrar(t.database.db, { handle: 'alpha' });
    const mail: Mail = { to: 'someone@mail.example', subject: 'Hello', text: 'A text' };
    await t.app.outbox.add(t.database.db, mail);
    relays.push(await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5 }));
    await until('the mail is in the demo mailbox', async () => (await t!.database.db.select().from(demoMailbox)).length > 0);
    expect(await t.database.db.select({ to: demoMailbox.to, subject: demoMailbox.subject, text: demoMailbox.text }).from(demoMailbox)).toEqual([mail]);
  });

  it('queues nothing when the change that would mail is rolled back', async () => {
    t = await createTestApp();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t!.app.outbox.add(tx, { to: 'someone@mail.example', subject: 'Never', text: 'Rolled back' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.queuedMail()).toEqual([]);
  });
});
