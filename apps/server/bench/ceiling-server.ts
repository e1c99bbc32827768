/*
 * The ceiling of `npm run bench:api`: a bare Fastify server that does the least a portal request
 * must do (verify the same access token with the same library and key) and answers a fixed body.
 * Whatever the portal adds on top is the price of the work it really does.
 * Receives { publicJwk, issuer, bodies: { [path]: body } } over IPC and answers with its port.
 */
import Fastify from 'fastify';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';

interface Setup {
  publicJwk: JWK;
  issuer: string;
  bodies: Record<string, string>;
}

const setup = await new Promise<Setup>((resolve) => process.once('message', (message) => resolve(message as Setup)));
const keys = createLocalJWKSet({ keys: [setup.publicJwk] });
const app = Fastify({ logger: false });
app.addHook('onRequest', async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  try {
    await jwtVerify(token ?? '', keys, { issuer: setup.issuer });
  } catch {
    return reply.status(401).send('{}');
  }
});
// One lookup by path, as cheap as a route of its own, and blind to how the path is encoded.
app.get('/*', async (request, reply) => {
  const body = setup.bodies[request.url.split('?')[0]!];
  return body === undefined ? reply.status(404).send('{}') : reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
