/*
 * The portal as the benchmarks run it: the real app on a free port, in its own process so that its
 * memory and CPU are its own. Tells the parent its port, a token and the public key over IPC.
 */
import { buildApp } from '../src/app';
import { issuerOf, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { seedDemoUsers } from '../src/identity/demo/demo-users';
import { loadSigningKeys } from '../src/identity/provider/signing-keys';
import { signAccessToken } from '../src/identity/testing/access-tokens';

const handle = process.env.BENCH_REGISTRAR ?? 'acme';
const config = { ...loadConfig(), port: 0, host: '127.0.0.1' };
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  directUrl: config.database.directUrl,
  pooler: config.database.pooler,
  poolSize: config.database.poolSize,
  dataDir: config.dataDir,
});
const app = await buildApp({ config, database, logger: { level: config.logLevel } });
// The registrar's staff, for the users list.
await seedDemoUsers(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
if (!privateJwk) throw new Error('no signing key');
// Access tokens as the embedded provider issues them; they live its 5 minutes, so the parent asks for
// a fresh one ('token') before each phase of a benchmark that may run longer.
const freshToken = () => signAccessToken(config, privateJwk, { username: `admin@${handle}`, firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com' });
const { kty, n, e, kid, alg } = privateJwk;

process.send?.({ port, token: await freshToken(), publicJwk: { kty, n, e, kid, alg }, issuer: issuerOf(config) });
process.on('message', (message) => {
  if (message === 'token') void freshToken().then((token) => process.send?.({ token }));
  if (message === 'stop') void app.close().then(() => database.close().then(() => process.exit(0)));
});
