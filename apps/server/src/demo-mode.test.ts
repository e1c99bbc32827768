import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { users } from './db/schema';
import { demoAccountKinds } from './identity/demo/demo-accounts';
import { seedDemoUsers } from './identity/demo/demo-users';
import { SignInDriver } from './identity/testing/sign-in-driver';
import { createActiveUser } from './identity/testing/users';
import { createRegistrar } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/* Demo mode is not a deployment: where it may run, which key it uses, whom it adds, how it shows. */

const base = { DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' };
const serverDatabase = 'postgres://portal@db.internal:5432/portal';
const realKey = 'ab'.repeat(32);

describe('where the demo may start', () => {
  it('starts the implied demo (no DATABASE_URL) on a loopback PUBLIC_URL', () => {
    for (const PUBLIC_URL of [
      undefined,
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:8080',
      'http://portal.localhost',
    ]) {
      expect(loadConfig({ ...base, PUBLIC_URL }).demoMode, PUBLIC_URL).toBe(true);
    }
  });

  it('refuses the implied demo on any other PUBLIC_URL, saying what to set', () => {
    for (const PUBLIC_URL of ['https://portal.registry.example', 'http://10.0.0.5:8080', 'http://localhost.example']) {
      expect(() => loadConfig({ ...base, PUBLIC_URL }), PUBLIC_URL).toThrow(/loopback PUBLIC_URL.*DATABASE_URL.*DEMO_MODE=true/);
    }
  });

  it('starts the demo anywhere when DEMO_MODE=true is set on purpose', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://demo.registry.example', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });
});

describe('the demo two-step key', () => {
  it('is used for the embedded demo database only', () => {
    const demo = loadConfig({ ...base });
    const deployed = loadConfig({ ...base, DATABASE_URL: serverDatabase, TOTP_ENCRYPTION_KEY: realKey });
    expect(demo.totpEncryptionKey).not.toBe('');
    expect(deployed.totpEncryptionKey).toBe(realKey);
  });

  it('is never used with DEMO_MODE=true against a server database: TOTP_ENCRYPTION_KEY is required', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: serverDatabase, DEMO_MODE: 'true' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    const withKey = loadConfig({ ...base, DATABASE_URL: serverDatabase, DEMO_MODE: 'true', TOTP_ENCRYPTION_KEY: realKey });
    expect(withKey).toMatchObject({ demoMode: true, totpEncryptionKey: realKey });
  });
});

describe('TRUST_PROXY in the configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
  });

  it('reads a hop count or a list of proxies, and stops the start on anything else', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/hop|addresses/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.internal' })).toThrow(/proxy\.internal/);
  });
});

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((t) => t.close())));

async function portal(demoMode: boolean) {
  const t = await createTestApp({ demoMode });
  apps.push(t);
  return t;
}

describe('demo users', () => {
  it('are never added to a registrar that has users of its own', async () => {
    const t = await portal(true);
    await createRegistrar(t.database.db, { handle: 'acme' });
    await createRegistrar(t.database.db, { handle: 'globex' });
    await createActiveUser(t.database.db, t.config, { username: 'Owner@acme', roles: ['ADMIN'] });
    await seedDemoUsers(t.app);
    // A restart seeds again: the demo's own accounts do not count as "users of its own".
    await seedDemoUsers(t.app);
    const usernamesOf = async (handle: string) =>
      (await t.database.db.select({ username: users.username }).from(users).where(eq(users.registrarHandle, handle))).map((u) => u.username).sort();
    expect(await usernamesOf('acme')).toEqual(['Owner@acme']);
    expect(await usernamesOf('globex')).toEqual(demoAccountKinds.map((kind) => `${kind.name}@globex`).sort());
  });
});

describe('the Demo marker', () => {
  it('is in the web configuration in demo mode only', async () => {
    for (const demoMode of [true, false]) {
      const t = await portal(demoMode);
      const res = await t.app.inject({ url: '/assets/config/config.json' });
      expect(res.json()).toMatchObject({ demoMode });
    }
  });

  it('shows on the sign-in page in demo mode only', async () => {
    for (const demoMode of [true, false]) {
      const t = await portal(demoMode);
      const browser = new SignInDriver(t.app, t.config);
      await browser.start();
      expect(browser.page).toContain('Username');
      expect(/<span\s+class="badge[^"]*"[^>]*>Demo<\/span/.test(browser.page), `demoMode ${demoMode}`).toBe(demoMode);
    }
  });
});
