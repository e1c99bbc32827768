/*
 * The portal as portal-server.ts runs it, for `npm run bench:bell`, with two additions that exist in
 * this bench only: access tokens for any user of the bench registrar ({ tokenFor: username } over
 * IPC), and a minimal server-sent-events prototype of the bell (`GET /bench/unread-stream`): the
 * caller authenticated once through the real unread route, then its count sent at once and again
 * every `unreadPollSeconds` on the open connection, as an SSE bell would without a change feed.
 */
import { registryMessageLimits } from '@registrar-panel/contract';
import { buildApp } from '../src/app';
import { issuerOf, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { loadSigningKeys } from '../src/identity/provider/signing-keys';
import { signAccessToken } from '../src/identity/testing/access-tokens';
import { unread } from '../src/modules/messages/messages.service';
import type { SignedInUser } from '../src/plugins/auth';

const handle = process.env.BENCH_REGISTRAR ?? 'acme';
const config = { ...loadConfig(), port: 0, host: '127.0.0.1' };
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: { level: config.logLevel } });

app.get<{ Querystring: { user?: string } }>('/bench/unread-stream', async (request, reply) => {
  const authorization = request.headers.authorization ?? '';
  const first = await app.inject({ url: '/services/messages/unread', headers: { authorization } });
  if (first.statusCode !== 200) return reply.code(first.statusCode).send(first.body);
  const username = request.query.user ?? '';
  const user: SignedInUser = { username, registrarHandle: handle, roles: ['TECH'], firstName: '', lastName: '', email: '', ip: request.ip };
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
  const send = (count: number) => out.write(`event: unread\ndata: ${count}\n\n`);
  send(first.json<{ data: { unread: number } }>().data.unread);
  const timer = setInterval(() => void unread(app.db, user).then(({ unread: count }) => send(count)), registryMessageLimits.unreadPollSeconds * 1000);
  request.raw.on('close', () => clearInterval(timer));
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const [privateJwk] = (await loadSigningKeys(database.db)).privateJwks;
if (!privateJwk) throw new Error('no signing key');
const tokenFor = (username: string) =>
  signAccessToken(config, privateJwk, { username, roles: ['TECH'], firstName: 'Bench', lastName: 'Bell', email: 'bench@example.com' });
const { kty, n, e, kid, alg } = privateJwk;

process.send?.({ port, token: await tokenFor(`admin@${handle}`), publicJwk: { kty, n, e, kid, alg }, issuer: issuerOf(config) });
process.on('message', (message: unknown) => {
  if (typeof message === 'object' && message !== null && 'tokenFor' in message) {
    const username = String(message.tokenFor);
    void tokenFor(username).then((token) => process.send?.({ username, token }));
  }
  if (message === 'stop') void app.close().then(() => database.close().then(() => process.exit(0)));
});
