import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EppCertificatesResponse, PanelRole } from '@registrar-panel/contract';
import { users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser } from '../epp/epp.test-support';
import { sendCertificateReminders } from './certificate-reminders';
import { makeCertificate, type TestCertificate } from './certificates.test-support';
import type { EppCertificatesDeps } from './epp-certificates.service';
import { upload } from './epp-certificates.test-support';

/*
 * The expiry reminders: 30, 7, 1 days before and on the last day, each mailed once by a fleet of two
 * (two runs of the job at once, each with its own dependencies, on one database), none for a
 * certificate that was replaced.
 */

const dayMs = 86_400_000;
const hourMs = 3_600_000;
let t: TestApp;
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[] };
let soon: TestCertificate;
let notAfter: Date;
let fingerprint: string;

beforeAll(async () => {
  [t, soon] = await Promise.all([createTestApp(), makeCertificate({ key: 'p256', days: 40 })]);
  await createRegistrar(t.database.db, { handle: 'alpha', language: 'de', techContact: { name: 'NOC', email: 'noc@alpha.example', phone: '+32.21234568' } });
  await addUser(t, 'admin@alpha', ['ADMIN'], 'admin@alpha.example');
  await addUser(t, 'tech@alpha', ['TECH']);
  await t.database.db.update(users).set({ language: 'nl' }).where(eq(users.username, 'admin@alpha'));
  const res = await upload(t, tech, 'primary', soon.pem);
  const primary = res.json<{ data: EppCertificatesResponse }>().data.primary!;
  notAfter = new Date(primary.notAfter);
  fingerprint = primary.fingerprint;
  await t.newMail();
});
afterAll(async () => t?.close());

/** Two instances' runs of the job at the same moment, each with dependencies of its own. */
async function fleetRun(at: Date) {
  const deps = (): EppCertificatesDeps => ({ db: t.database.db, directory: t.app.userDirectory, outbox: t.app.outbox, log: t.app.log, config: t.app.config });
  const runs = await Promise.all([sendCertificateReminders(deps(), at), sendCertificateReminders(deps(), at)]);
  return { reminded: runs.flat(), mail: await t.newMail() };
}

describe('EPP client certificate reminders', () => {
  it('sends nothing more than 30 days ahead', async () => {
    expect((await fleetRun(new Date(notAfter.getTime() - 35 * dayMs))).mail).toEqual([]);
  });

  it('sends each reminder once across the fleet, to the technical contact and the ADMINs, each in their language', async () => {
    const thirty = await fleetRun(new Date(notAfter.getTime() - 30 * dayMs + hourMs));
    expect(thirty.reminded).toEqual([{ id: expect.any(String), days: 30 }]);
    expect(thirty.mail.map((m) => m.to)).toEqual(['admin@alpha.example', 'noc@alpha.example']);
    expect(thirty.mail[0]!.text).toMatch(/vervalt over (29|30) dagen/);
    expect(thirty.mail[1]!.subject).toMatch(/^EPP-Client-Zertifikat von Registrar alpha läuft am .+ ab$/);
    expect(thirty.mail[1]!.text).toContain(fingerprint);
    // The hour after: already sent.
    expect((await fleetRun(new Date(notAfter.getTime() - 29 * dayMs))).mail).toEqual([]);

    const seven = await fleetRun(new Date(notAfter.getTime() - 7 * dayMs + hourMs));
    expect(seven.reminded.map((r) => r.days)).toEqual([7]);
    expect(seven.mail).toHaveLength(2);
  });

  it('catches up with the latest reminder only, and sends the last day’s', async () => {
    // The 1-day run was missed: on the last day, only that day's reminder.
    const lastDay = await fleetRun(new Date(notAfter.getTime() - 60_000));
    expect(lastDay.reminded.map((r) => r.days)).toEqual([0]);
    expect(lastDay.mail[0]!.text).toContain('vervalt vandaag');
    expect((await fleetRun(new Date(notAfter.getTime() - 30_000))).mail).toEqual([]);
    // Expired: nothing more.
    expect((await fleetRun(new Date(notAfter.getTime() + hourMs))).mail).toEqual([]);
  });

  it('sends none for a certificate that was replaced', async () => {
    const [twin, fresh] = await Promise.all([makeCertificate({ key: 'p256', days: 40 }), makeCertificate({ key: 'p256', days: 300 })]);
    const first = (await upload(t, tech, 'failover', twin.pem)).json<{ data: EppCertificatesResponse }>().data.failover!;
    const end = new Date(first.notAfter);
    await t.newMail();
    expect((await fleetRun(new Date(end.getTime() - 30 * dayMs + hourMs))).reminded.map((r) => r.days)).toEqual([30]);
    expect((await upload(t, tech, 'failover', fresh.pem, first.fingerprint)).statusCode).toBe(200);
    await t.newMail();
    expect((await fleetRun(new Date(end.getTime() - 7 * dayMs + hourMs))).mail).toEqual([]);
    expect((await fleetRun(new Date(end.getTime() - 60_000))).mail).toEqual([]);
  });
});
