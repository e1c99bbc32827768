import { verify } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { PanelRole } from '@registrar-panel/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eppPasswordResetLinks, portalChanges, registrars, users } from '../../db/schema';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resetTokenHash } from './epp-password-reset.service';
import { addUser, auditRows, passwordUrl } from './epp.test-support';

/*
 * The EPP password's reset link (issue 31): asked for by an ADMIN, mailed to every ADMIN of the
 * registrar, used once, within 30 minutes, by a signed-in ADMIN of that registrar only.
 */

const linkUrl = '/services/registrar/epp/password/resetLink';
const checkUrl = '/services/registrar/epp/password/resetLink/check';
const lifeUrl = '/services/registrar/epp/password/life';
const chosen = 'Fresh Pass wd 7!';

let t: TestApp;
let handle: string;
let registrarCount = 0;
const lines: string[] = [];

type Caller = { username: string; roles: PanelRole[]; firstName: string; lastName: string };
const as = (username: string, roles: PanelRole[]): Caller => ({ username, roles, firstName: 'Ann', lastName: 'Admin' });
let admin: Caller;
let tech: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: loadRateLimits({ RATE_LIMIT_EPP_LINK_PER_USER: '3/1h' }) },
    { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
  );
  await createRegistrar(t.database.db, { handle: 'otherreg' });
  await addUser(t, 'boss@otherreg', ['ADMIN']);
  otherAdmin = as('boss@otherreg', ['ADMIN']);
});
afterAll(async () => t?.close());

// Each test on a registrar of its own: two ADMINs (one reading Dutch), a TECH and a SUPPORT user.
beforeEach(async () => {
  handle = `rst${++registrarCount}x`;
  await createRegistrar(t.database.db, { handle });
  await addUser(t, `ann@${handle}`, ['ADMIN']);
  await addUser(t, `piet@${handle}`, ['ADMIN']);
  await t.database.db
    .update(users)
    .set({ language: 'nl' })
    .where(eq(users.username, `piet@${handle}`));
  await addUser(t, `tech@${handle}`, ['TECH']);
  await addUser(t, `sue@${handle}`, ['SUPPORT']);
  admin = as(`ann@${handle}`, ['ADMIN']);
  tech = as(`tech@${handle}`, ['TECH']);
  await t.newMail();
});

/** Asks for a link as `who` and answers the token the mails carry. */
async function requestLink(who = admin): Promise<string> {
  const res = await call(t, { method: 'POST', url: linkUrl, as: who });
  expect(res.statusCode, res.body).toBe(201);
  const mail = (await t.newMail()).find((m) => m.to === `ann.${handle}@mail.example` && m.subject.startsWith('Link to set'));
  const token = /#([A-Za-z0-9_-]{43})$/m.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link in ${mail?.text}`);
  return token;
}

async function setWithLink(token: string, who = admin, newPassword = chosen) {
  return call(t, { method: 'PUT', url: linkUrl, as: who, body: { token, newPassword } });
}

async function storedHash(of = handle) {
  const [row] = await t.database.db
    .select({ hash: registrars.eppPasswordHash, by: registrars.eppPasswordChangedBy })
    .from(registrars)
    .where(eq(registrars.handle, of));
  return row;
}

describe('asking for a reset link', () => {
  it("mails every ADMIN of the registrar a link in their language, and no one else; only the token's hash is stored", async () => {
    const res = await call(t, { method: 'POST', url: linkUrl, as: admin });
    expect(res.statusCode).toBe(201);
    const answer = res.json<{ data: { recipients: number; expiresAt: string } }>().data;
    expect(answer.recipients).toBe(2);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const mails = await t.newMail();
    expect(mails.map((mail) => mail.to).sort()).toEqual([`ann.${handle}@mail.example`, `piet.${handle}@mail.example`]);
    const [english, dutch] = [mails.find((m) => m.to.startsWith('ann'))!, mails.find((m) => m.to.startsWith('piet'))!];
    expect(english.subject).toBe(`Link to set the EPP password of registrar ${handle}`);
    expect(english.text).toContain('The link works for 30 minutes and can be used once, by one administrator.');
    expect(dutch.subject).toBe(`Link om het EPP-wachtwoord van registrar ${handle} in te stellen`);
    const token = /password-reset#([A-Za-z0-9_-]{43})$/m.exec(english.text)![1]!;
    expect(english.text).toContain(`http://portal.test/epp/password-reset#${token}`);
    expect(dutch.text).toContain(`#${token}`);
    const stored = await t.database.db.select().from(eppPasswordResetLinks).where(eq(eppPasswordResetLinks.registrarHandle, handle));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(resetTokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await auditRows(t, 'epp.password.resetLinkRequest')).filter((row) => row.registrarHandle === handle)).toEqual([
      expect.objectContaining({ username: admin.username, details: { recipients: 2 } }),
    ]);
  });

  it("mails another registrar's ADMIN's link to that registrar's ADMINs only, for that registrar", async () => {
    const res = await call(t, { method: 'POST', url: linkUrl, as: otherAdmin });
    expect(res.statusCode).toBe(201);
    expect((await t.newMail()).map((mail) => mail.to)).toEqual(['boss.otherreg@mail.example']);
    const rows = await t.database.db.select().from(eppPasswordResetLinks).where(eq(eppPasswordResetLinks.requestedBy, otherAdmin.username));
    expect(rows.map((row) => row.registrarHandle)).toEqual(['otherreg']);
  });

  it('is for ADMINs only: TECH, SUPPORT and FINANCE are refused and nothing is mailed', async () => {
    for (const roles of [['TECH'], ['SUPPORT'], ['FINANCE']] as PanelRole[][]) {
      const res = await call(t, { method: 'POST', url: linkUrl, as: as(`x@${handle}`, roles) });
      expect(res.statusCode).toBe(403);
    }
    expect(await t.newMail()).toEqual([]);
  });

  it('is limited per user: the fourth link in an hour is refused, and not mailed', async () => {
    for (let i = 0; i < 3; i++) await requestLink();
    const res = await call(t, { method: 'POST', url: linkUrl, as: admin });
    expect(res.statusCode).toBe(429);
    expect(await t.newMail()).toEqual([]);
  });
});

describe('using a reset link', () => {
  it('sets the password without the current one, once; the change goes out on the portal-changes stream and is noticed, never with the password', async () => {
    expect((await call(t, { method: 'PUT', url: passwordUrl, as: tech, body: { newPassword: 'Old known Pa 1!x' } })).statusCode).toBe(200);
    const token = await requestLink();
    await t.newMail();
    expect((await call(t, { method: 'POST', url: checkUrl, as: admin, body: { token } })).statusCode).toBe(200);
    const res = await setWithLink(token);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedHash();
    expect(await verify(stored!.hash!, chosen)).toBe(true);
    expect(stored!.by).toBe(admin.username);
    const changes = await t.database.db
      .select()
      .from(portalChanges)
      .where(and(eq(portalChanges.registrarHandle, handle), eq(portalChanges.field, 'eppPassword')));
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ username: admin.username, value: { hash: stored!.hash } });
    expect(Object.keys(changes[1]!.value as object).sort()).toEqual(Object.keys(changes[0]!.value as object).sort());
    const mails = await t.newMail();
    expect(mails.map((mail) => mail.subject)).toContain(`EPP password changed for registrar ${handle}`);
    for (const mail of mails) expect(mail.text).not.toContain(chosen);
    expect((await auditRows(t, 'epp.password.resetLinkUse')).filter((row) => row.registrarHandle === handle)).toEqual([
      expect.objectContaining({ username: admin.username, details: { requestedBy: admin.username } }),
    ]);
    const life = (await call(t, { url: lifeUrl, as: tech })).json<{ data: { changedBy: string } }>().data;
    expect(life.changedBy).toBe(admin.username);

    // Used: refused, with the words for it, on the check and on a second try.
    const again = await setWithLink(token, admin, 'Another Pass 8?x');
    expect(again.statusCode).toBe(409);
    expect(messagesOf(again)[0]?.messageKey).toBe('epp.resetLink.used');
    expect(messagesOf(await call(t, { method: 'POST', url: checkUrl, as: admin, body: { token } }))[0]?.messageKey).toBe('epp.resetLink.used');
    expect(await verify((await storedHash())!.hash!, chosen)).toBe(true);
  });

  it('works for another ADMIN of the registrar than the one who asked', async () => {
    const token = await requestLink();
    const res = await setWithLink(token, as(`piet@${handle}`, ['ADMIN']));
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses another registrar's ADMIN and the registrar's other roles, and leaves the link and the password as they were", async () => {
    const token = await requestLink();
    const foreign = await setWithLink(token, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(messagesOf(foreign)[0]?.messageKey).toBe('epp.resetLink.invalid');
    expect(messagesOf(await call(t, { method: 'POST', url: checkUrl, as: otherAdmin, body: { token } }))[0]?.messageKey).toBe('epp.resetLink.invalid');
    for (const roles of [['TECH'], ['SUPPORT'], ['FINANCE']] as PanelRole[][]) {
      const user = as(`${roles[0]!.toLowerCase()}@${handle}`, roles);
      expect((await setWithLink(token, user)).statusCode).toBe(403);
      expect((await call(t, { method: 'POST', url: checkUrl, as: user, body: { token } })).statusCode).toBe(403);
    }
    expect((await storedHash())!.hash).toBeNull();
    expect((await storedHash('otherreg'))!.hash).toBeNull();
    expect((await setWithLink(token)).statusCode).toBe(200);
  });

  it('refuses a link past its 30 minutes, saying so', async () => {
    const token = await requestLink();
    await t.database.db
      .update(eppPasswordResetLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(eppPasswordResetLinks.tokenHash, resetTokenHash(token)));
    const res = await setWithLink(token);
    expect(res.statusCode).toBe(409);
    expect(messagesOf(res)[0]).toMatchObject({ messageKey: 'epp.resetLink.expired', defaultMessage: expect.stringContaining('30 minutes') });
    expect((await storedHash())!.hash).toBeNull();
  });

  it('refuses a token that is no link', async () => {
    const res = await setWithLink('A'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(messagesOf(res)[0]?.messageKey).toBe('epp.resetLink.invalid');
    expect((await setWithLink('short')).statusCode).toBe(400);
  });

  it('keeps the link when the password is refused, so a better one can follow', async () => {
    const token = await requestLink();
    const weak = await setWithLink(token, admin, `${handle} Pass 1!a`);
    expect(weak.statusCode).toBe(400);
    expect(messagesOf(weak)[0]).toMatchObject({ messageKey: 'unsafe.password', field: 'newPassword' });
    const tooSimple = await setWithLink(token, admin, 'simple');
    expect(messagesOf(tooSimple)[0]?.messageKey).toBe('validation.eppPasswordWeak');
    expect((await setWithLink(token)).statusCode).toBe(200);
  });

  it('gives one success to parallel requests with one link', async () => {
    const token = await requestLink();
    const answers = await Promise.all(
      ['Parallel Pa 1!a', 'Parallel Pa 2!b', 'Parallel Pa 3!c', 'Parallel Pa 4!d', 'Parallel Pa 5!e'].map((password, i) =>
        setWithLink(token, as(i % 2 ? `piet@${handle}` : `ann@${handle}`, ['ADMIN']), password),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await auditRows(t, 'epp.password.resetLinkUse')).filter((row) => row.registrarHandle === handle)).toHaveLength(1);
    const changes = await t.database.db
      .select()
      .from(portalChanges)
      .where(and(eq(portalChanges.registrarHandle, handle), eq(portalChanges.field, 'eppPassword')));
    expect(changes).toHaveLength(1);
  });

  it('never writes the token or the password in a log line', async () => {
    lines.length = 0;
    const token = await requestLink();
    await call(t, { method: 'POST', url: checkUrl, as: admin, body: { token } });
    await setWithLink(token, admin, `${handle} Pass 1!a`);
    await setWithLink(token);
    await setWithLink(token);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(chosen);
      expect(line).not.toContain(`${handle} Pass 1!a`);
    }
  });
});
