/*
 * The portal as the benchmarks run it: the real app on a free port, in its own process so that its
 * memory and CPU are its own. Tells the parent its port, a token and the public key over IPC.
 */
import { importJWK, SignJWT } from 'jose';
import { panelRoles, tokenRole } from '@registrar-panel/contract';
import { buildApp } from '../src/app';
import { issuerOf, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { seedDemoUsers } from '../src/identity/demo-users';
import { loadSigningKeys } from '../src/identity/signing-keys';

const handle = process.env.BENCH_REGISTRAR ?? 'acme';
const config = { ...loadConfig(), port: 0, host: '127.0.0.1' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, mailer: { send: async () => undefined }, logger: { level: config.logLevel } });
// The registrar's staff, for the users list.
await seedDemoUsers(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
if (!privateJwk) throw new Error('no signing key');
const privateKey = await importJWK(privateJwk, 'RS256');
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({
  preferred_username: `admin@${handle}`,
  given_name: 'Bench',
  family_name: 'Mark',
  email: 'bench@example.com',
  azp: config.identity.clientId,
  realm_access: { roles: panelRoles.map(tokenRole) },
})
  .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid })
  .setIssuer(issuerOf(config))
  .setSubject(`admin@${handle}`)
  .setAudience('account')
  .setIssuedAt(now)
  .setExpirationTime(now + 3600)
  .sign(privateKey);
const { kty, n, e, kid, alg } = privateJwk;

process.send?.({ port, token, publicJwk: { kty, n, e, kid, alg }, issuer: issuerOf(config) });
process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => database.close().then(() => process.exit(0)));
});
