import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Security headers with a strict Content-Security-Policy: scripts and styles only from this origin,
 * no inline script. The identity service's origin is allowed for token calls and sign-in redirects.
 */
export const securityHeaders = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const identityOrigin = new URL(config.identity.authUrl).origin;
  await app.register(helmet, {
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
});
