import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SignInDriver } from '../testing/sign-in-driver';
import { createActiveUser, testPassword } from '../testing/users';

/* The embedded identity pages in the portal's four languages, through real requests as a browser makes them. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createRegistrar(t.database.db, { handle: 'alpha' });
  await createActiveUser(t.database.db, t.config, { username: 'lea@alpha' });
});
afterAll(async () => t?.close());

const langOf = (page: string) => /<html lang="([^"]*)">/.exec(page)?.[1];
const headingOf = (page: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1];
const alertOf = (page: string) => /id="form-error">([^<]*)</.exec(page)?.[1];
const switcherLink = (page: string, language: string) =>
  [...page.matchAll(/<a class="identity-language js-language" href="([^"]+)" hreflang="([a-z]+)"/g)]
    .find((match) => match[2] === language)?.[1]
    ?.replaceAll('&amp;', '&');

describe('the language of the sign-in pages', () => {
  it("is the authorization request's ui_locales: French, with every text French and a switcher to the others", async () => {
    const browser = new SignInDriver(t.app, t.config);
    await browser.start({ ui_locales: 'fr-BE en' });
    expect(langOf(browser.page)).toBe('fr');
    expect(headingOf(browser.page)).toBe('Connexion');
    expect(browser.page).toContain('<label for="username" class="form-label">Nom d&#39;utilisateur</label>');
    expect(browser.page).toContain('Mot de passe oublié\u202f?');
    // The product's name stays as it is; the switcher names each language in itself.
    expect(browser.page).toContain('.be registrar panel');
    for (const name of ['English', 'Nederlands', 'Deutsch']) expect(browser.page).toContain(`>${name}</a`);
    expect(browser.page).toMatch(/<span class="identity-language" lang="fr" aria-current="true">Français<\/span>/);
    // A wrong password is refused in French too.
    await browser.submit({ username: 'lea@alpha', password: 'not the password' });
    expect(alertOf(browser.page)).toBe("Nom d'utilisateur ou mot de passe incorrect.".replace("'", '&#39;'));
  });

  it('switches in place: the same sign-in goes on in the language chosen, which its later steps keep', async () => {
    const browser = new SignInDriver(t.app, t.config);
    await browser.start({ ui_locales: 'nl' });
    expect(headingOf(browser.page)).toBe('Aanmelden');
    const german = switcherLink(browser.page, 'de');
    expect(german).toMatch(/\/login-actions\/[^/?]+\?lang=de$/);
    await browser.follow(await browser.request('GET', german ?? ''), german ?? '');
    expect(langOf(browser.page)).toBe('de');
    expect(headingOf(browser.page)).toBe('Anmelden');
    // The interaction is not lost: the password step still works, and its next page is German without `lang`.
    await browser.submit({ username: 'lea@alpha', password: testPassword });
    expect(langOf(browser.page)).toBe('de');
    expect(browser.page).toContain('Einmalcode');
  });

  it('is English for anything that names none of the four', async () => {
    for (const value of ['../', '<script>alert(1)</script>', 'xx', 'x'.repeat(100_000)]) {
      const browser = new SignInDriver(t.app, t.config);
      await browser.start({ ui_locales: value });
      expect(langOf(browser.page), value.slice(0, 20)).toBe('en');
      expect(browser.page).not.toContain('<script>alert');
    }
    // Nor does the switcher's parameter take anything else.
    const browser = new SignInDriver(t.app, t.config);
    await browser.start({ ui_locales: 'de' });
    const here = new URL(browser.pageUrl);
    for (const value of ['../', '<script>', 'x'.repeat(100_000)]) {
      here.searchParams.set('lang', value);
      const page = (await browser.request('GET', here.pathname + here.search)).body;
      expect(langOf(page)).toBe('de');
    }
  });
});

describe('the logout pages', () => {
  it("are in the language of the request's ui_locales, as the portal's Logout sends it", async () => {
    const page = await t.app.inject({ url: '/auth/realms/registrar-panel/protocol/openid-connect/logout?ui_locales=de', headers: { host: 'portal.test' } });
    expect(langOf(page.body)).toBe('de');
    expect(headingOf(page.body)).toBe('Sie sind abgemeldet');
  });
});

describe('the activation and reset page', () => {
  it('is in the language its address names (the mail writes it there)', async () => {
    const page = await t.app.inject({ url: '/auth/realms/registrar-panel/login-actions/action-token?key=unknown&lang=nl', headers: { host: 'portal.test' } });
    expect(page.statusCode).toBe(410);
    expect(langOf(page.body)).toBe('nl');
    expect(headingOf(page.body)).toBe('Deze link kan niet worden gebruikt');
  });
});
