import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordList } from '../../lib/unsafe-passwords';
import { formsOf, PageSession, walkPages } from '../testing/keycloak-pages';
import { createTestRealm, keycloakTestUrl, type TestRealm } from '../testing/keycloak-realm';

/*
 * The realm's password policy on a real Keycloak (KEYCLOAK_URL): the realm file imports only where
 * Keycloak finds the common-password list file (`npm run keycloak` writes it into its
 * data/password-blacklists/), and then refuses what the embedded service refuses.
 */
const portalUrl = 'http://portal.test';
const clientId = 'registrar-panel-web';

describe.skipIf(!keycloakTestUrl())('the password policy on Keycloak (real Keycloak at KEYCLOAK_URL)', () => {
  let realm: TestRealm;
  let userId: string;

  beforeAll(async () => {
    // No mail is sent here: the SMTP port is never used.
    realm = await createTestRealm({ publicUrl: portalUrl, smtpPort: 2525 });
    userId = await realm.seedUser({
      username: 'nina@alpha',
      name: 'Nina Nova',
      email: 'nina@alpha.example',
      roles: ['TECH'],
      password: 'remember-the-bees-42',
    });
  }, 60_000);
  afterAll(async () => realm?.remove());

  /** What Keycloak answers an administrator who sets this password: undefined when it takes it, else its message key. */
  async function refusal(password: string): Promise<string | undefined> {
    const admin = await realm.admin();
    try {
      await admin.users.resetPassword({ id: userId, credential: { type: 'password', value: password, temporary: false } });
      return undefined;
    } catch (error) {
      const data = (error as { responseData?: { error?: string } }).responseData;
      return data?.error ?? String(error);
    }
  }

  it('refuses common passwords in any letter case, the last entry of the portal’s own list included', async () => {
    const list = commonPasswordList();
    for (const password of ['password1234', 'PASSWORD1234', 'aaaaaaaaaaaa', 'qwertyuiop12', list.at(-1) ?? '']) {
      expect(await refusal(password), password).toBe('invalidPasswordBlacklistedMessage');
    }
  });

  it('refuses the username, the word registrar and the TLD as a word; takes a good password', async () => {
    expect(await refusal('Nina@Alpha-is-my-name')).toBe('invalidPasswordNotContainsUsernameMessage');
    expect(await refusal('best-Registrar-in-town')).toBe('invalidPasswordRegexPatternMessage');
    expect(await refusal('dns.BE-portal-2026')).toBe('invalidPasswordRegexPatternMessage');
    expect(await refusal('remember-the-bees-42')).toBeUndefined();
  });

  // The alert's words come from the login theme Keycloak serves (`npm run keycloak` links this
  // checkout's); the realm-export test holds the theme's text for the key asserted above.
  it('a user choosing a common password on Keycloak’s page gets the page back with the refusal', async () => {
    expect(await refusal('remember-the-bees-42')).toBeUndefined();
    const admin = await realm.admin();
    await admin.users.update({ id: userId }, { requiredActions: ['UPDATE_PASSWORD'] });
    const session = new PageSession(portalUrl);
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${portalUrl}/`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const last = await walkPages(session, await session.get(`${realm.issuer}/protocol/openid-connect/auth?${query.toString()}`), {
      username: 'nina@alpha',
      password: 'remember-the-bees-42',
      newPassword: 'Password1234',
    });
    // The new-password page again, with the refusal.
    expect(formsOf(last.html).some((form) => form.fields.has('password-new'))).toBe(true);
    expect(/pf-m-danger[\s\S]*?kc-feedback-text">([^<]+)</.exec(last.html)?.[1]?.trim()).toMatch(/blacklisted|too common/);
  });
});
