import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EppCertificatesResponse, PanelRole } from '@registrar-panel/contract';
import { users } from '../../db/schema';
import { portalChangesAfter } from '../../feed/portal-changes';
import { loadRateLimits } from '../../lib/rate-limit-policy';
import { createRegistrar } from '../../test/factories';
import { call, messagesOf } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addUser, auditRows } from '../epp/epp.test-support';
import { makeCertificate, type TestCertificate } from './certificates.test-support';
import { certificatesOf, certificatesUrl, remove, slotUrl, upload } from './epp-certificates.test-support';

/*
 * The EPP client certificates through the API: each check refused on the field, uploads, replacements
 * and removals with their history, mails and portal changes, the concurrency guard, roles and tenants.
 */

const dayMs = 86_400_000;
const logLines: string[] = [];
let t: TestApp;
const tech = { username: 'tech@alpha', roles: ['TECH'] as PanelRole[], firstName: 'Carla', lastName: 'Tech' };
const admin = { username: 'admin@alpha', roles: ['ADMIN'] as PanelRole[] };
const bravo = { username: 'admin@bravo', roles: ['ADMIN'] as PanelRole[] };
const c: Record<string, TestCertificate> = {};
let seq = 0;

beforeAll(async () => {
  const [made] = await Promise.all([
    Promise.all([
      makeCertificate(),
      makeCertificate({ key: 'p256' }),
      makeCertificate({ key: 'p384', hash: 'SHA-384' }),
      makeCertificate({ key: 'rsa1024' }),
      makeCertificate({ key: 'p192' }),
      makeCertificate({ hash: 'SHA-1' }),
      makeCertificate({ from: new Date(Date.now() - 100 * dayMs), days: 99 }),
      makeCertificate({ from: new Date(Date.now() + 2 * dayMs) }),
      makeCertificate({ key: 'p256', days: 730 }),
    ]),
    (async () => {
      t = await createTestApp(
        { rateLimits: loadRateLimits({ RATE_LIMIT_EPP_CERTIFICATE_PER_USER: '3/1h', RATE_LIMIT_EPP_CERTIFICATE_PER_REGISTRAR: 'off' }) },
        { logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } } },
      );
    })(),
  ]);
  ['rsa2048', 'p256', 'p384', 'rsa1024', 'p192', 'sha1', 'expired', 'notYetValid', 'twoYears'].forEach((name, i) => (c[name] = made[i]!));
  await createRegistrar(t.database.db, {
    handle: 'alpha',
    language: 'nl',
    techContact: { name: 'Tech Contact', email: 'noc@alpha.example', phone: '+32.21234568' },
  });
  await createRegistrar(t.database.db, { handle: 'bravo' });
  await addUser(t, 'admin@alpha', ['ADMIN'], 'admin@alpha.example');
  await addUser(t, 'tech@alpha', ['TECH']);
  await addUser(t, 'admin@bravo', ['ADMIN']);
  await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.username, 'admin@alpha'));
  // Each test user its own allowance: `limits` below checks the limit on one user.
  for (let i = 0; i < 12; i++) await addUser(t, `tech${i}@alpha`, ['TECH']);
});
afterAll(async () => t?.close());

/** A TECH of alpha never used before: the limit of 3 changes per user does not get in the way. */
const fresh = () => ({ username: `tech${seq++}@alpha`, roles: ['TECH'] as PanelRole[], firstName: 'Carla', lastName: 'Tech' });

describe('the checks, each refused on the field and nothing stored', () => {
  it.each([
    ['rsa1024', 'eppCertificate.weakKey'],
    ['p192', 'eppCertificate.weakKey'],
    ['sha1', 'eppCertificate.weakSignature'],
    ['expired', 'eppCertificate.expired'],
    ['notYetValid', 'eppCertificate.notYetValid'],
    ['twoYears', 'eppCertificate.validityTooLong'],
  ])('%s: %s', async (name, key) => {
    const res = await upload(t, fresh(), 'primary', c[name]!.pem);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey: key, field: 'pem' })]);
    expect(await certificatesOf(t, admin)).toEqual({ primary: null, failover: null });
  });

  it('answers the reason in the caller’s language', async () => {
    const res = await call(t, { method: 'PUT', url: slotUrl('primary'), as: fresh(), body: { pem: c.rsa1024!.pem, replaces: null } });
    expect(messagesOf(res)[0]!.defaultMessage).toContain('RSA 1024 bits');
    const dutch = await t.app.inject({
      method: 'PUT',
      url: slotUrl('primary'),
      headers: { authorization: `Bearer ${await t.tokenFor(fresh())}`, 'accept-language': 'nl' },
      payload: { pem: c.sha1!.pem, replaces: null },
    });
    expect(dutch.json<{ messages: { defaultMessage: string }[] }>().messages[0]!.defaultMessage).toBe(
      'Dit certificaat is ondertekend met SHA-1 with RSA. Alleen een handtekening met SHA-256 of sterker wordt aanvaard.',
    );
  });

  it('refuses a private key, and neither stores, echoes nor logs it', async () => {
    const { pem, keyPem } = c.rsa2048!;
    const keyLine = keyPem!.split('\n')[2]!;
    const res = await upload(t, fresh(), 'primary', `${pem}${keyPem!}`);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)).toEqual([expect.objectContaining({ messageKey: 'eppCertificate.privateKey', field: 'pem' })]);
    expect(res.body).not.toContain(keyLine);
    expect(logLines.some((line) => line.includes('/epp/certificates/primary'))).toBe(true);
    for (const line of logLines) expect(line).not.toContain(keyLine);
    expect(await certificatesOf(t, admin)).toEqual({ primary: null, failover: null });
    expect(JSON.stringify(await portalChangesAfter(t.database.db, 0, 100))).not.toContain(keyLine);
  });

  it('wants one PEM certificate of bounded size', async () => {
    expect(messagesOf(await upload(t, fresh(), 'primary', `${c.rsa2048!.pem}${c.p256!.pem}`))[0]!.messageKey).toBe('eppCertificate.notOneCertificate');
    expect(messagesOf(await upload(t, fresh(), 'primary', 'x'.repeat(20_000)))[0]).toMatchObject({ messageKey: 'validation.maxLength', field: 'pem' });
    expect(messagesOf(await upload(t, fresh(), 'primary', '  '))[0]).toMatchObject({ messageKey: 'validation.required', field: 'pem' });
  });
});

describe('upload, replace, remove', () => {
  let primary: string;

  it('uploads into an empty slot: the details, the history, the registry’s stream and the mails', async () => {
    await t.newMail();
    const before = (await portalChangesAfter(t.database.db, 0, 1000)).length;
    const res = await upload(t, tech, 'primary', c.rsa2048!.pem);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: EppCertificatesResponse }>().data;
    expect(data.failover).toBeNull();
    expect(data.primary).toMatchObject({
      slot: 'primary',
      keyType: 'RSA',
      keySize: 2048,
      signatureAlgorithm: 'SHA-256 with RSA',
      subject: expect.stringMatching(/^CN=epp-\d+\.alpha\.example, O=Alpha Domains NV, C=BE$/),
      daysLeft: 89,
      uploadedBy: 'tech@alpha',
    });
    primary = data.primary!.fingerprint;
    expect(await certificatesOf(t, admin)).toEqual(data);

    const [audit] = await auditRows(t, 'epp.certificate.upload');
    expect(audit!.details).toEqual({ slot: 'primary', fingerprint: primary, subject: data.primary!.subject, notAfter: data.primary!.notAfter });
    const history = (await call(t, { url: '/services/registrar/history', as: admin })).json<{ data: { entries: { action: string; details: unknown }[] } }>();
    expect(history.data.entries[0]).toMatchObject({ action: 'epp.certificate.upload', details: { slot: 'primary', fingerprint: primary } });

    const changes = (await portalChangesAfter(t.database.db, 0, 1000)).slice(before);
    expect(changes.map((change) => [change.registrar, change.field, change.value])).toEqual([
      ['alpha', 'eppCertificatePrimary', { pem: data.primary!.pem, fingerprint: primary }],
    ]);

    const mail = await t.newMail();
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['admin@alpha.example', "Certificat client EPP ajouté pour le bureau d'enregistrement alpha"],
      ['noc@alpha.example', 'EPP-clientcertificaat toegevoegd voor registrar alpha'],
    ]);
    expect(mail[1]!.text).toContain(`SHA-256-vingerafdruk: ${primary}`);
    expect(mail[1]!.text).not.toContain('BEGIN CERTIFICATE');
  });

  it('refuses the primary certificate as the failover', async () => {
    const res = await upload(t, tech, 'failover', c.rsa2048!.pem);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res)[0]).toMatchObject({ messageKey: 'eppCertificate.inOtherSlot', field: 'pem' });
  });

  it('answers 409 when the slot no longer holds what the upload replaces', async () => {
    for (const replaces of [null, 'a'.repeat(64)]) {
      const res = await upload(t, fresh(), 'primary', c.p256!.pem, replaces);
      expect(res.statusCode).toBe(409);
      expect(messagesOf(res)[0]).toMatchObject({ messageKey: 'eppCertificate.changed' });
    }
    expect((await certificatesOf(t, admin)).primary?.fingerprint).toBe(primary);
  });

  it('replaces, with the fingerprint it replaced in the history', async () => {
    const res = await upload(t, admin, 'primary', c.p256!.pem, primary);
    expect(res.statusCode).toBe(200);
    const now = res.json<{ data: EppCertificatesResponse }>().data.primary!;
    expect(now).toMatchObject({ keyType: 'ECDSA', keySize: 256, uploadedBy: 'admin@alpha' });
    const [audit] = await auditRows(t, 'epp.certificate.replace');
    expect(audit!.details).toMatchObject({ slot: 'primary', fingerprint: now.fingerprint, replaced: primary });
    expect((await t.newMail()).map((m) => m.subject)).toContain('EPP-clientcertificaat vervangen voor registrar alpha');
    primary = now.fingerprint;
  });

  it('removes only what the caller saw, and tells the registry with null', async () => {
    expect((await remove(t, fresh(), 'primary', 'b'.repeat(64))).statusCode).toBe(409);
    expect((await remove(t, fresh(), 'failover', primary)).statusCode).toBe(409);
    const res = await remove(t, admin, 'primary', primary);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: EppCertificatesResponse }>().data).toEqual({ primary: null, failover: null });
    const [last] = (await portalChangesAfter(t.database.db, 0, 1000)).slice(-1);
    expect([last!.field, last!.value]).toEqual(['eppCertificatePrimary', null]);
    expect((await auditRows(t, 'epp.certificate.remove'))[0]!.details).toMatchObject({ slot: 'primary', fingerprint: primary });
    expect((await t.newMail()).map((m) => m.subject)).toEqual([
      "Certificat client EPP supprimé pour le bureau d'enregistrement alpha",
      'EPP-clientcertificaat verwijderd voor registrar alpha',
    ]);
  });

  it('keeps a certificate accepted under a longer policy when the policy is shortened', async () => {
    t.app.config.eppCertMaxValidityDays = 825;
    expect((await upload(t, fresh(), 'failover', c.twoYears!.pem)).statusCode).toBe(200);
    t.app.config.eppCertMaxValidityDays = 398;
    expect((await certificatesOf(t, admin)).failover).toMatchObject({ keyType: 'ECDSA', daysLeft: 729 });
    expect(messagesOf(await upload(t, fresh(), 'primary', c.twoYears!.pem))[0]!.messageKey).toBe('eppCertificate.validityTooLong');
  });
});

describe('who may', () => {
  it('refuses SUPPORT and FINANCE users, and calls without a token', async () => {
    for (const roles of [['SUPPORT'], ['FINANCE']] as PanelRole[][]) {
      // Another user each time: the route's own limit is counted before the role is checked.
      const as = { username: `${roles[0]!.toLowerCase()}@alpha`, roles };
      expect((await call(t, { url: certificatesUrl, as })).statusCode).toBe(403);
      expect((await upload(t, as, 'primary', c.p384!.pem)).statusCode).toBe(403);
      expect((await remove(t, as, 'failover', 'a'.repeat(64))).statusCode).toBe(403);
      expect(await certificatesOf(t, bravo)).toEqual({ primary: null, failover: null });
    }
    expect((await call(t, { url: certificatesUrl })).statusCode).toBe(401);
  });

  it('keeps each registrar to its own certificates', async () => {
    const alphas = await certificatesOf(t, admin);
    expect(alphas.failover).not.toBeNull();
    expect(await certificatesOf(t, bravo)).toEqual({ primary: null, failover: null });
    // Bravo's failover slot is empty: alpha's fingerprint names nothing of bravo's.
    expect((await remove(t, bravo, 'failover', alphas.failover!.fingerprint)).statusCode).toBe(409);
    // The same certificate may be bravo's too: each registrar's slots are its own (docs/decisions.md).
    t.app.config.eppCertMaxValidityDays = 825;
    expect((await upload(t, bravo, 'primary', alphas.failover!.pem)).statusCode).toBe(200);
    t.app.config.eppCertMaxValidityDays = 398;
    expect(await certificatesOf(t, admin)).toEqual(alphas);
  });

  it('refuses a slot that does not exist', async () => {
    const res = await call(t, { method: 'PUT', url: `${certificatesUrl}/backup`, as: fresh(), body: { pem: c.p384!.pem, replaces: null } });
    expect([res.statusCode, messagesOf(res)[0]?.messageKey]).toEqual([400, 'error.badRequest']);
  });

  it('limits the changes per user, refused ones included', async () => {
    const as = fresh();
    for (let i = 0; i < 3; i++) expect((await upload(t, as, 'primary', c.rsa1024!.pem)).statusCode).toBe(400);
    const res = await upload(t, as, 'primary', c.p384!.pem);
    expect(res.statusCode).toBe(429);
  });
});
