import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestRealm, keycloakModeIdentity, keycloakTestUrl, type TestRealm } from '../testing/keycloak-realm';
import { formsOf, PageSession, signInThroughPages, walkPages, type Step } from '../testing/keycloak-pages';
import { startSmtpListener, type SmtpListener } from '../testing/smtp-listener';
import { localeAttribute } from './keycloak-user-directory';

/*
 * A user's language with the registry's Keycloak: the portal sets it through the directory as
 * Keycloak's own `locale` attribute (no copy in the portal's database), and Keycloak's pages,
 * tokens and mails follow it; before anyone is known, the sign-in page speaks what the portal asks
 * for with `ui_locales`. A real Keycloak (KEYCLOAK_URL) with the project's realm file imported
 * afresh; its mail reaches a real SMTP listener.
 */
const portalUrl = 'http://portal.test';
const clientId = 'registrar-panel-web';
const password = 'a long enough password';

/** The claims of a JWT, unchecked: Keycloak issued it to this test directly. */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { locale?: string };
const pageLanguage = (html: string) => /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1];

describe.skipIf(!keycloakTestUrl())("a user's language in Keycloak (real Keycloak at KEYCLOAK_URL)", () => {
  let smtp: SmtpListener;
  let realm: TestRealm;
  let t: TestApp;

  /** Keycloak's sign-in page as the portal opens it, in the language `ui_locales` asks for (none: no parameter). */
  async function signInPage(session: PageSession, uiLocales?: string): Promise<Step> {
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${portalUrl}/`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      ...(uiLocales === undefined ? {} : { ui_locales: uiLocales }),
    });
    return session.get(`${realm.issuer}/protocol/openid-connect/auth?${query.toString()}`);
  }

  /** "Forgot password?" from a sign-in page in the language `uiLocales` asks for, for `username`. */
  async function forgotPassword(username: string, uiLocales: string): Promise<void> {
    const session = new PageSession(portalUrl);
    const page = await signInPage(session, uiLocales);
    const link = /href="([^"]*login-actions\/reset-credentials[^"]*)"/.exec(page.html)?.[1];
    if (!link) throw new Error('the sign-in page has no "Forgot password?" link');
    const reset = await session.get(new URL(link.replace(/&amp;/g, '&'), realm.issuer).toString());
    expect(pageLanguage(reset.html)).toBe(uiLocales);
    const form = formsOf(reset.html).find((f) => f.fields.has('username'));
    if (!form) throw new Error('the forgot-password page has no username field');
    await session.post(new URL(form.action, realm.issuer).toString(), { ...Object.fromEntries(form.fields), username });
  }

  beforeAll(async () => {
    smtp = await startSmtpListener();
    realm = await createTestRealm({ publicUrl: portalUrl, smtpPort: smtp.port });
    t = await createTestApp({ identity: keycloakModeIdentity(realm, portalUrl), demoMode: false });
    await Promise.all(
      ['fleur', 'jan'].map((name) =>
        realm.seedUser({ username: `${name}@acme`, name: `${name} Acme`, email: `${name}@acme.example`, roles: ['TECH'], password }),
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
    await realm?.remove();
    await smtp?.close();
  });

  it('the sign-in page speaks what ui_locales names, with a switcher of the four; any other value means English', async () => {
    const french = await signInPage(new PageSession(portalUrl), 'fr');
    expect(pageLanguage(french.html)).toBe('fr');
    expect(french.html).toMatch(/<button[^>]*id="kc-login"[^>]*>\s*Se connecter\s*</);
    expect([...french.html.matchAll(/[?&](?:amp;)?kc_locale=([\w-]+)/g)].map((match) => match[1]).sort()).toEqual(['de', 'en', 'fr', 'nl']);
    expect(pageLanguage((await signInPage(new PageSession(portalUrl), 'nl-BE')).html)).toBe('nl');
    // Spanish is one of Keycloak's own languages, but not the realm's; the others are no language at all.
    for (const value of ['es', '../', '<script>', undefined]) {
      expect(pageLanguage((await signInPage(new PageSession(portalUrl), value)).html), String(value)).toBe('en');
    }
  });

  it("the language set through the directory is Keycloak's locale attribute, kept nowhere in the portal; Keycloak's pages and the next sign-in's tokens carry it", async () => {
    const directory = t.app.userDirectory;
    await directory.setLanguage('fleur@acme', 'fr');
    const id = (await directory.findUser('fleur@acme'))?.id ?? '';
    expect((await (await realm.admin()).users.findOne({ id }))?.attributes?.[localeAttribute]).toEqual(['fr']);
    expect((await directory.findUser('fleur@acme'))?.language).toBe('fr');
    expect(await t.database.db.select().from(users).where(eq(users.username, 'fleur@acme'))).toEqual([]);

    // The first page is the realm's default, English; once Keycloak knows who signs in, its next page
    // (the 2-step set-up every new account goes through) is in her language, and so are her tokens.
    const pages: string[] = [];
    const tokens = await signInThroughPages(realm.issuer, portalUrl, clientId, { username: 'fleur@acme', password, onPage: (html) => pages.push(html) });
    expect(pages.map(pageLanguage).slice(0, 2)).toEqual(['en', 'fr']);
    expect(pages[1]).toContain('Configurer la vérification en deux étapes');
    expect(claimsOf(tokens.id_token).locale).toBe('fr');
    expect(claimsOf(tokens.access_token).locale).toBe('fr');

    await directory.setLanguage('fleur@acme', null);
    expect((await directory.findUser('fleur@acme'))?.language).toBeNull();
    expect((await (await realm.admin()).users.findOne({ id }))?.attributes?.[localeAttribute]).toBeUndefined();
  });

  it("Keycloak's mails come in the account's language whatever the page's, and in the page's for an account without one", async () => {
    await t.app.userDirectory.setLanguage('fleur@acme', 'nl');
    let before = smtp.received.length;
    await forgotPassword('fleur@acme', 'de');
    const dutch = await smtp.waitFor('fleur@acme.example', 'Uw wachtwoord voor het registrarpaneel opnieuw instellen', before);
    expect(dutch.text).toContain('Er is gevraagd om het wachtwoord van uw account fleur@acme voor .be registrar panel opnieuw in te stellen.');

    before = smtp.received.length;
    await forgotPassword('jan@acme', 'de');
    await smtp.waitFor('jan@acme.example', 'Passwort für das Registrar-Panel zurücksetzen', before);

    // Reset Password in the portal's footer: Keycloak's mail, asked for by the portal's service account.
    before = smtp.received.length;
    await t.app.userDirectory.sendPasswordReset('fleur@acme');
    await smtp.waitFor('fleur@acme.example', 'Kies uw wachtwoord voor het registrarpaneel', before);
  });

  it("a language chosen on Keycloak's own switcher is the one Keycloak keeps: the account's, and the next tokens'", async () => {
    const session = new PageSession(portalUrl);
    const english = await signInPage(session, 'en');
    const german = /value="([^"]*kc_locale=de)"/.exec(english.html)?.[1];
    if (!german) throw new Error('no switcher entry for German');
    const page = await session.get(new URL(german.replace(/&amp;/g, '&'), realm.issuer).toString());
    expect(pageLanguage(page.html)).toBe('de');
    const jan = { username: 'jan@acme', password };
    await walkPages(session, page, jan);
    expect((await t.app.userDirectory.findUser('jan@acme'))?.language).toBe('de');
    const tokens = await signInThroughPages(realm.issuer, portalUrl, clientId, jan);
    expect(claimsOf(tokens.id_token).locale).toBe('de');
  });
});

if (!keycloakTestUrl()) {
  describe("a user's language in Keycloak", () => {
    it.skip('is skipped: KEYCLOAK_URL is not set (`npm run test:keycloak` with `npm run keycloak` running)', () => {});
  });
}
