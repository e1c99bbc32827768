import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers with a strict Content-Security-Policy: scripts and styles only from this origin,
 * no inline script. The identity service's origin is allowed for token calls and sign-in redirects.
 * helmet's middleware is built once here (the Fastify wrapper built it again for every request,
 * parsing the policy each time) and then sets the same headers on every response.
 */
export const securityHeaders = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const identityOrigin = new URL(config.identity.authUrl).origin;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", identityOrigin],
        formAction: ["'self'", identityOrigin],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
});
