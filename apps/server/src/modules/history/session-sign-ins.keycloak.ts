import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse, LoginAttemptsResponse } from '@registrar-panel/contract';
import { registrars } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestRealm, keycloakModeIdentity, keycloakTestUrl, type TestRealm } from '../../identity/testing/keycloak-realm';
import { signInThroughPages, type PageCredentials } from '../../identity/testing/keycloak-pages';
import { startSmtpListener, type SmtpListener } from '../../identity/testing/smtp-listener';

/*
 * A blocked registrar's user with Keycloak as the identity service: Keycloak knows nothing of the
 * registrar's status and signs the user in. The portal refuses the session at its first request,
 * ends it at Keycloak, and records that sign-in as refused (registrarBlocked) where Keycloak
 * recorded a successful login: in the registrar's history and in the user's recent sign-ins.
 * A real Keycloak (KEYCLOAK_URL) with the project's realm file imported afresh.
 */
const portalUrl = 'http://portal.test';
const clientId = 'registrar-panel-web';

describe.skipIf(!keycloakTestUrl())("a blocked registrar's Keycloak sessions (real Keycloak at KEYCLOAK_URL)", () => {
  let smtp: SmtpListener;
  let realm: TestRealm;
  let t: TestApp;
  const credentials: PageCredentials = { username: 'admin@kcblock', password: 'correct horse battery' };

  const api = (token: string, url: string, remoteAddress = '203.0.113.30'): Promise<LightMyRequestResponse> =>
    t.app.inject({ url: `/services${url}`, headers: { authorization: `Bearer ${token}` }, remoteAddress });
  const setStatus = (status: string) => t.database.db.update(registrars).set({ status }).where(eq(registrars.handle, 'kcblock'));
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
    await createRegistrar(t.database.db, { handle: 'kcblock', status: 'ACTIVE' });
    await realm.seedUser({
      username: credentials.username,
      name: 'Bea Blocked',
      email: 'bea@kcblock.example',
      roles: ['ADMIN'],
      password: credentials.password,
    });
  });
  afterAll(async () => {
    await t?.close();
    await realm?.remove();
    await smtp?.close();
  });

  it('refuses the session, ends it at Keycloak and records the sign-in as refused, not as a success', async () => {
    // Keycloak signs the user in (the first sign-in enrols TOTP) while the registry has blocked the registrar.
    await setStatus('BLOCKED');
    const blocked = await signInThroughPages(realm.issuer, portalUrl, clientId, credentials);
    for (let i = 0; i < 3; i++) {
      const refused = await api(blocked.access_token, '/registrar');
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ messages: { messageKey: string }[] }>().messages[0]?.messageKey).toBe('registrar.accessBlocked');
    }
    // The Keycloak session has ended: its refresh token no longer gives tokens.
    expect((await refresh(blocked.refresh_token)).status).toBe(400);

    // The registry lets the registrar in again; the administrator signs in and reads what happened.
    await setStatus('ACTIVE');
    const active = await signInThroughPages(realm.issuer, portalUrl, clientId, credentials);
    const history = await api(active.access_token, '/registrar/history?kind=signIn', '203.0.113.31');
    expect(history.statusCode, history.body.slice(0, 300)).toBe(200);
    const entries = history.json<{ data: HistoryResponse }>().data.entries;
    expect(entries.map((entry) => [entry.action, entry.username, entry.ip])).toEqual([
      ['signIn.success', 'admin@kcblock', '203.0.113.31'],
      ['signIn.registrarBlocked', 'admin@kcblock', '203.0.113.30'],
    ]);

    // User management reads Keycloak's events: its login of the refused session shows as the refusal.
    const attempts = await api(active.access_token, '/users/admin@kcblock/loginAttempts?size=10', '203.0.113.31');
    expect(attempts.statusCode, attempts.body.slice(0, 300)).toBe(200);
    expect(attempts.json<{ data: LoginAttemptsResponse }>().data.results.map((attempt) => attempt.status)).toEqual([
      'signIn.success',
      'signIn.registrarBlocked',
    ]);
  });
});
