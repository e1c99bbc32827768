import { eq } from 'drizzle-orm';
import type { PanelRole } from '@registrar-panel/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registrars, users } from '../../db/schema';
import { eppPasswordAgeDeps } from '../../jobs/background';
import { createRegistrar } from '../../test/factories';
import { call } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendEppPasswordAgeNotices } from './epp-password-age-notices';
import { addUser, passwordUrl } from './epp.test-support';

/* The EPP password's age (issue 31): shown with who changed it, and its ADMINs reminded once per password past the policy. */

const lifeUrl = '/services/registrar/epp/password/life';
const dayMs = 86_400_000;

let t: TestApp;
let handle: string;
let registrarCount = 0;
let tech: { username: string; roles: PanelRole[]; firstName: string; lastName: string };

beforeAll(async () => {
  t = await createTestApp({ eppPasswordMaxAgeDays: 90 });
  await createRegistrar(t.database.db, { handle: 'neighbour' });
  await addUser(t, 'tech@neighbour', ['TECH']);
});
afterAll(async () => t?.close());

beforeEach(async () => {
  handle = `age${++registrarCount}x`;
  await createRegistrar(t.database.db, { handle });
  await addUser(t, `ann@${handle}`, ['ADMIN']);
  await addUser(t, `bert@${handle}`, ['ADMIN']);
  await t.database.db
    .update(users)
    .set({ language: 'de' })
    .where(eq(users.username, `bert@${handle}`));
  await addUser(t, `tech@${handle}`, ['TECH']);
  tech = { username: `tech@${handle}`, roles: ['TECH'], firstName: 'Tess', lastName: 'Tech' };
  await t.newMail();
});

async function life(as = tech) {
  const res = await call(t, { url: lifeUrl, as });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { set: boolean; changedAt: string | null; changedBy: string | null; maxAgeDays: number; tooOld: boolean } }>().data;
}

async function setPassword(newPassword: string, oldPassword?: string) {
  const res = await call(t, { method: 'PUT', url: passwordUrl, as: tech, body: { newPassword, ...(oldPassword ? { oldPassword } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Makes the password `days` old, as if it had been changed then. */
async function age(days: number) {
  await t.database.db
    .update(registrars)
    .set({ eppPasswordChangedAt: new Date(Date.now() - days * dayMs) })
    .where(eq(registrars.handle, handle));
}

const runJob = () => sendEppPasswordAgeNotices(eppPasswordAgeDeps(t.app));
const mailsOfThisRegistrar = async () => (await t.newMail()).filter((mail) => mail.subject.includes(handle));

describe("the password's age", () => {
  it('says when and by whom the password was last changed, and whether it is past the policy', async () => {
    expect(await life()).toEqual({ set: false, changedAt: null, changedBy: null, maxAgeDays: 90, tooOld: false });
    const before = Date.now();
    await setPassword('First Pass wd 1!');
    const fresh = await life();
    expect(fresh).toMatchObject({ set: true, changedBy: tech.username, tooOld: false });
    expect(Date.parse(fresh.changedAt!)).toBeGreaterThanOrEqual(before - 1000);
    await age(91);
    expect(await life()).toMatchObject({ tooOld: true });
    // Another registrar's user reads their own registrar's, which has no password.
    expect(await life({ username: 'tech@neighbour', roles: ['TECH'], firstName: 'N', lastName: 'N' })).toMatchObject({ set: false, changedBy: null });
  });

  it('shows no one when the registry set the password (no username recorded)', async () => {
    await t.database.db
      .update(registrars)
      .set({ eppPasswordHash: '$argon2id$v=19$m=1,t=1,p=1$x$y', eppPasswordChangedAt: new Date() })
      .where(eq(registrars.handle, handle));
    expect(await life()).toMatchObject({ set: true, changedBy: null });
  });
});

describe('the age reminder', () => {
  it('mails the ADMIN users once per password, in their languages, even with two runs at once', async () => {
    await setPassword('First Pass wd 1!');
    await t.newMail();
    expect(await runJob()).not.toContain(handle);
    await age(91);
    const [first, second] = await Promise.all([runJob(), runJob()]);
    expect([...first, ...second].filter((reminded) => reminded === handle)).toEqual([handle]);
    const mails = await mailsOfThisRegistrar();
    expect(mails.map((mail) => mail.to).sort()).toEqual([`ann.${handle}@mail.example`, `bert.${handle}@mail.example`]);
    const english = mails.find((mail) => mail.to.startsWith('ann'))!;
    expect(english.subject).toBe(`The EPP password of registrar ${handle} is due for a change`);
    expect(english.text).toContain('91 days ago');
    expect(english.text).toContain('at least every 90 days');
    expect(english.text).toContain('http://portal.test/epp/security');
    expect(mails.find((mail) => mail.to.startsWith('bert'))!.subject).toBe(`Das EPP-Passwort des Registrars ${handle} sollte geändert werden`);

    // Reminded: the next runs leave it alone.
    await runJob();
    expect(await mailsOfThisRegistrar()).toEqual([]);

    // A new password is reminded of again once it is too old in its turn.
    await setPassword('Second Pass w 2!', 'First Pass wd 1!');
    await t.newMail();
    const [row] = await t.database.db.select({ notice: registrars.eppPasswordAgeNoticeAt }).from(registrars).where(eq(registrars.handle, handle));
    expect(row?.notice).toBeNull();
    await runJob();
    expect(await mailsOfThisRegistrar()).toEqual([]);
    await age(100);
    await runJob();
    expect(await mailsOfThisRegistrar()).toHaveLength(2);
  });
});
