import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySession } from '@registrar-panel/contract';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestRealm, keycloakModeIdentity, keycloakTestUrl, type TestRealm } from '../../identity/testing/keycloak-realm';
import { signInThroughPages, type KeycloakTokens, type PageCredentials } from '../../identity/testing/keycloak-pages';
import { startSmtpListener, type SmtpListener } from '../../identity/testing/smtp-listener';

/*
 * My account's sessions with the registry's Keycloak (a real one at KEYCLOAK_URL, the project's
 * realm file imported afresh): two sign-ins through Keycloak's pages are two sessions (the tokens'
 * `sid`); ending one through the portal deletes it in Keycloak, so its refresh fails, and the API
 * refuses its access token at once. The password and the authenticator change on Keycloak's pages.
 */
const portalUrl = 'http://portal.test';
const clientId = 'registrar-panel-web';

describe.skipIf(!keycloakTestUrl())("My account's sessions in Keycloak (real Keycloak at KEYCLOAK_URL)", () => {
  let smtp: SmtpListener;
  let realm: TestRealm;
  let t: TestApp;
  const ann: PageCredentials = { username: 'ann@acme', password: 'a long enough password' };
  const bob: PageCredentials = { username: 'bob@beta', password: 'another long password' };

  const signIn = (credentials: PageCredentials): Promise<KeycloakTokens> => signInThroughPages(realm.issuer, portalUrl, clientId, credentials);
  const api = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, body?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: `/services${url}`, headers: { authorization: `Bearer ${token}` }, ...(body ? { payload: body } : {}) });
  const sessionsOf = async (token: string) => (await api(token, 'GET', '/me/sessions')).json<{ data: { sessions: MySession[] } }>().data.sessions;
  const refresh = (refreshToken: string) =>
    fetch(`${realm.issuer}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }),
    });

  beforeAll(async () => {
    smtp = await startSmtpListener();
    realm = await createTestRealm({ publicUrl: portalUrl, smtpPort: smtp.port });
    t = await createTestApp({ identity: keycloakModeIdentity(realm, portalUrl), demoMode: false });
    for (const handle of ['acme', 'beta']) await createRegistrar(t.database.db, { handle });
    await realm.seedUser({ username: ann.username, name: 'Ann Acme', email: 'ann@acme.example', roles: ['TECH'], password: ann.password });
    await realm.seedUser({ username: bob.username, name: 'Bob Beta', email: 'bob@beta.example', roles: ['TECH'], password: bob.password });
  });
  afterAll(async () => {
    await t?.close();
    await realm?.remove();
    await smtp?.close();
  });

  it('ends the other session in Keycloak: its access token is refused and its refresh fails; another user cannot end it', async () => {
    // The first sign-in enrols the authenticator (walkPages keeps its key in the credentials).
    const here = await signIn(ann);
    const there = await signIn(ann);
    const bobs = await signIn(bob);
    expect((await api(there.access_token, 'GET', '/me/account')).statusCode).toBe(200);
    expect((await api(bobs.access_token, 'GET', '/me/account')).json()).toMatchObject({ data: { username: 'bob@beta', credentialsAt: 'identityService' } });
    const sessions = await sessionsOf(here.access_token);
    expect(sessions.map((session) => session.current)).toEqual([true, false]);
    const other = sessions[1]?.id ?? '';

    expect((await api(bobs.access_token, 'DELETE', `/me/sessions/${encodeURIComponent(other)}`)).statusCode).toBe(404);
    expect((await api(there.access_token, 'GET', '/me/account')).statusCode).toBe(200);

    expect((await api(here.access_token, 'DELETE', `/me/sessions/${encodeURIComponent(other)}`)).statusCode).toBe(200);
    expect((await api(there.access_token, 'GET', '/me/account')).statusCode).toBe(401);
    expect((await refresh(there.refresh_token)).ok).toBe(false);
    expect((await refresh(here.refresh_token)).ok).toBe(true);
    const id = (await t.app.userDirectory.findUser(ann.username))?.id ?? '';
    expect((await (await realm.admin()).users.listSessions({ id })).map((session) => session.id)).toEqual([sessions[0]?.id]);
  });

  it("leaves the password and the authenticator to Keycloak's own pages", async () => {
    const tokens = await signIn(ann);
    const res = await api(tokens.access_token, 'PUT', '/me/password', { currentPassword: ann.password, newPassword: 'a brand new passphrase' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('account.atIdentityService');
  });
});
