/*
 * `npm run bench:keycloak-users` (outside CI): how long the user list takes in Keycloak mode, and how
 * many calls it makes to Keycloak, for one registrar of USERS users (500 unless told), against the
 * Keycloak at KEYCLOAK_URL (`npm run keycloak`: http://localhost:8180). The realm file is imported
 * afresh under a name of its own and removed at the end.
 */
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/database';
import type { Outbox } from '../src/mail/outbox';
import { keycloakAdmin } from '../src/identity/directory/keycloak-admin';
import { keycloakUserDirectory } from '../src/identity/directory/keycloak-user-directory';
import { createTestRealm, keycloakTestUrl } from '../src/identity/testing/keycloak-realm';

process.env.KEYCLOAK_URL ??= 'http://localhost:8180';
const count = Number(process.env.USERS ?? 500);
const runs = 5;

const realm = await createTestRealm({ publicUrl: 'http://portal.test', smtpPort: 1 });
try {
  let master = await realm.admin();
  const roles = new Map((await master.roles.find()).map((role) => [role.name, { id: role.id!, name: role.name! }]));
  const mix = [['tech'], ['finance'], ['support'], ['tech', 'finance'], []];
  console.log(`Creating ${count} users of the registrar bench in ${realm.name} at ${keycloakTestUrl()}…`);
  for (let start = 0; start < count; start += 20) {
    // The master realm's tokens live a minute: a fresh one every batch.
    if (start % 200 === 0) master = await realm.admin();
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
        const n = start + i;
        const { id } = await master.users.create({
          username: `user${n}@bench`,
          enabled: true,
          email: `user${n}@bench.example`,
          firstName: 'User',
          lastName: String(n),
          attributes: { registrar: ['bench'] },
        });
        const wanted = (n === 0 ? ['admin'] : mix[n % mix.length]!).map((name) => roles.get(name)!);
        if (wanted.length > 0) await master.users.addRealmRoleMappings({ id, roles: wanted });
      }),
    );
  }
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST_DIR: '/nonexistent',
    DEMO_MODE: 'true',
    IDENTITY_MODE: 'keycloak',
    OIDC_AUTH_URL: realm.baseUrl,
    OIDC_REALM: realm.name,
    OIDC_DIRECTORY_CLIENT_SECRET: realm.directorySecret,
  });
  // A minute per call rather than the portal's 10 s: on a busy machine the per-user version exceeds 10 s.
  const admin = keycloakAdmin({
    authUrl: realm.baseUrl,
    realm: realm.name,
    clientId: 'registrar-panel-directory',
    clientSecret: realm.directorySecret,
    timeoutMs: 60_000,
  });
  // The list reads Keycloak only: no database, no mail.
  const directory = keycloakUserDirectory({ admin, config, db: undefined as unknown as Db, outbox: undefined as unknown as Outbox });
  console.log('Users created; a first list (not timed)…');
  await directory.listUsers('bench');

  // Every call to Keycloak goes through fetch: counted here.
  let calls = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    calls++;
    return realFetch(...args);
  };
  const times: number[] = [];
  let listed = 0;
  for (let run = 0; run < runs; run++) {
    calls = 0;
    const started = performance.now();
    listed = (await directory.listUsers('bench')).length;
    times.push(performance.now() - started);
  }
  globalThis.fetch = realFetch;
  times.sort((a, b) => a - b);
  console.log(
    `listUsers: ${listed} users, ${calls} calls to Keycloak; ${runs} runs: median ${times[Math.floor(runs / 2)]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[runs - 1]!.toFixed(0)} ms`,
  );
} finally {
  await realm.remove();
}
