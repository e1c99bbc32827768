/*
 * The server side of `npm run bench:report`: the real app on a free port, in its own process so
 * that its memory can be measured alone. Tells the parent its port and a token over IPC.
 */
import { importJWK, SignJWT } from 'jose';
import { tokenRole } from '@registrar-panel/contract';
import { buildApp } from '../src/app';
import { issuerOf, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { loadSigningKeys } from '../src/identity/signing-keys';

const handle = process.env.BENCH_REGISTRAR ?? 'acme';
const config = { ...loadConfig(), port: 0, host: '127.0.0.1', logLevel: 'warn' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, mailer: { send: async () => undefined }, logger: { level: 'warn' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
if (!privateJwk) throw new Error('no signing key');
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({
  preferred_username: `support@${handle}`,
  given_name: 'Bench',
  family_name: 'Mark',
  email: 'bench@example.com',
  azp: config.identity.clientId,
  realm_access: { roles: [tokenRole('SUPPORT')] },
})
  .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid })
  .setIssuer(issuerOf(config))
  .setSubject(`support@${handle}`)
  .setAudience('account')
  .setIssuedAt(now)
  .setExpirationTime(now + 3600)
  .sign(await importJWK(privateJwk, 'RS256'));

process.send?.({ port, token });
process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => database.close().then(() => process.exit(0)));
});
