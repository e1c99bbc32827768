import type { PanelRole } from '@registrar-panel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ruleMailDeps, startBackgroundWork, type BackgroundWork } from '../jobs/background';
import { ensureMonthlyPartitions } from '../db/monthly-partitions';
import { sendRuleHitMails } from '../modules/notification-rules/rule-mail';
import { createRegistrar } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { startSmtpListener, type SmtpListener } from '../identity/testing/smtp-listener';
import { SignInDriver } from '../identity/testing/sign-in-driver';
import { createActiveUser } from '../identity/testing/users';

/*
 * Every mail in its recipient's language, through the outbox, the relay and a real SMTP listener:
 * a user's chosen language, the registrar's language for its technical contact, the forgot-password
 * rule (the account's language, else the page's). Times are Brussels time in the portal's format.
 */
let t: TestApp;
let smtp: SmtpListener;
let background: BackgroundWork;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, supportEmail: 'help@registry.example' });
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'ada@alpha', email: 'ada@mail.example', roles: ['ADMIN'] });
  await createActiveUser(t.database.db, t.config, { username: 'theo@alpha', email: 'theo@mail.example', roles: ['TECH'] });
  await createActiveUser(t.database.db, t.config, { username: 'gerd@alpha', email: 'gerd@mail.example' });
  await createActiveUser(t.database.db, t.config, { username: 'noor@alpha', email: 'noor@mail.example' });
  background = await startBackgroundWork(t.app, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await background?.stop();
  await t?.close();
  await smtp?.close();
});

const as = async (username: string, roles: PanelRole[]) => ({ authorization: `Bearer ${await t.tokenFor({ username, roles })}` });

describe("a user's mails", () => {
  it('come in the language the user chose: a Dutch activation mail, subject and sender included', async () => {
    const headers = await as('ada@alpha', ['ADMIN']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/services/users',
      headers,
      payload: { username: 'piet', name: 'Piet Peeters', email: 'piet@mail.example', roles: ['SUPPORT'] },
    });
    expect(created.statusCode).toBe(201);
    const english = await smtp.waitFor('piet@mail.example', 'Activate your .be registrar panel account');
    expect(english.from).toContain('.be registrar panel');

    const before = smtp.received.length;
    await t.app.userDirectory.setLanguage('piet@alpha', 'nl');
    expect((await t.app.inject({ method: 'POST', url: '/services/users/piet@alpha/activation', headers })).statusCode).toBe(200);
    const dutch = await smtp.waitFor('piet@mail.example', 'Activeer uw account op het .be registrar panel', before);
    expect(dutch.text).toContain('Beste Piet Peeters,');
    expect(dutch.text).toContain('Open deze link om uw wachtwoord te kiezen:');
    expect(dutch.text).toContain('De link is 12 uur geldig');
    // The product's name stays as it is, in the sender's name too.
    expect(dutch.from).toMatch(/^"?\.be registrar panel"? </);
    // The link opens the page in the mail's language.
    const link = /https?:\/\/\S+action-token\?\S+/.exec(dutch.text)?.[0] ?? '';
    expect(new URL(link).searchParams.get('lang')).toBe('nl');
    const page = await t.app.inject({ url: new URL(link).pathname + new URL(link).search, headers: { host: new URL(t.config.publicUrl).host } });
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('Uw account activeren');
  });
});

describe("the registrar's contact that is no user", () => {
  it("gets an EPP notice in the registrar's language; each ADMIN in their own", async () => {
    const admin = await as('ada@alpha', ['ADMIN']);
    await t.app.userDirectory.setLanguage('ada@alpha', 'fr');
    expect((await t.app.inject({ method: 'PUT', url: '/services/registrar/language', headers: admin, payload: { language: 'de' } })).statusCode).toBe(200);
    const before = smtp.received.length;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/services/registrar/epp/ip',
      headers: await as('theo@alpha', ['TECH']),
      payload: { ipAddresses: ['192.0.2.7'] },
    });
    expect(saved.statusCode).toBe(200);
    const german = await smtp.waitFor('tech@alpha.example', 'Erlaubte IP-Adressen für den EPP-Zugang des Registrars alpha geändert', before);
    expect(german.text).toContain('Guten Tag,');
    expect(german.text).toContain('Hinzugefügt: 192.0.2.7');
    expect(german.text).toContain('Sie erhalten diese Sicherheitsmitteilung als technischer Kontakt');
    // Brussels time in the portal's format, not ISO UTC.
    expect(german.text).toMatch(/Wann: \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} CES?T/);
    const french = await smtp.waitFor('ada@mail.example', "Modification des adresses IP autorisées pour EPP du bureau d'enregistrement alpha", before);
    expect(french.text).toContain('Bonjour,');
  });
});

describe('a rule hit mail', () => {
  it("comes in the recipient's language over SMTP, with its stop link as List-Unsubscribe", async () => {
    const { db } = t.database;
    await t.app.userDirectory.setLanguage('noor@alpha', 'fr');
    const now = new Date();
    await ensureMonthlyPartitions(db, 'rule_hits', now, now);
    await db.execute(sql`
      WITH rule AS (
        INSERT INTO notification_rules (registrar_handle, name, kind, target, created_by)
        VALUES ('alpha', 'Holds', 'transferAway', '{"kind":"transferAway"}'::jsonb, 'ada@alpha') RETURNING id)
      INSERT INTO rule_hits (at, registrar_handle, rule_id, rule_name, rule_kind, username, occurrence, details, text)
      SELECT ${now}, 'alpha', rule.id, 'Holds', 'transferAway', 'noor@alpha', '1', '{}'::jsonb, 'Holds: shop.be' FROM rule`);
    const before = smtp.received.length;
    expect(await sendRuleHitMails(ruleMailDeps(t.app), 'immediate', now)).toBe(1);
    const french = await smtp.waitFor('noor@mail.example', "1 nouveau déclenchement de règle de notification pour le bureau d'enregistrement alpha", before);
    expect(french.text).toContain('Holds: shop.be');
    const stop = /https?:\/\/\S+\/mail\/rule-hits\/stop\?\S+/.exec(french.text)?.[0] ?? '';
    expect(new URL(stop).searchParams.get('lang')).toBe('fr');
    expect(french.header('List-Unsubscribe')).toBe(`<${stop}>`);
    expect(french.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});

describe("'Forgot password?'", () => {
  /** Asks for a reset link on the sign-in page opened in `pageLanguage`. */
  async function forgot(username: string, pageLanguage: string, ip: string) {
    const browser = new SignInDriver(t.app, t.config, ip);
    await browser.start({ ui_locales: pageLanguage });
    const link = /<a href="([^"]+\/forgot)">/.exec(browser.page)?.[1] ?? '';
    browser.page = (await browser.request('GET', link)).body;
    return (await browser.request('POST', browser.formAction(), { username })).body;
  }

  it("mails in the account's language when it has one, else in the page's; the page answers the same", async () => {
    await t.app.userDirectory.setLanguage('gerd@alpha', 'de');
    const before = smtp.received.length;
    const forGerd = await forgot('gerd@alpha', 'fr', '198.51.100.21');
    const forNoor = await forgot('noor@alpha', 'fr', '198.51.100.22');
    const forNobody = await forgot('nobody@alpha', 'fr', '198.51.100.23');
    const german = await smtp.waitFor('gerd@mail.example', 'Passwort für das .be registrar panel zurücksetzen', before);
    expect(german.text).toContain('Guten Tag');
    const french = await smtp.waitFor('noor@mail.example', 'Réinitialisez votre mot de passe .be registrar panel', before);
    expect(french.text).toContain('Bonjour');
    // The answer tells nothing of the account or its language: the same French page, but for its own addresses.
    const sent = (body: string) => /id="forgot-sent">([^<]*)</.exec(body)?.[1];
    expect(sent(forGerd)).toBe(sent(forNobody));
    expect(sent(forNoor)).toBe(sent(forNobody));
    expect(sent(forNobody)).toMatch(/^Si un compte existe/);
  });
});
