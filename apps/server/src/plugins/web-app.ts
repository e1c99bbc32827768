import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { message } from '@registrar-panel/contract';

/**
 * Serves the built single-page app. Unknown paths under /services answer 404 in the envelope;
 * any other GET that wants HTML gets index.html so the app's router can take it (history fallback).
 */
export async function webApp(app: FastifyInstance, options: { distDir: string }) {
  const hasBuild = existsSync(`${options.distDir}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Vite names built assets by content hash, so they can be cached for good.
      setHeaders: (res, filePath) => {
        if (filePath.startsWith(`${options.distDir}/assets/`)) void res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/services') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ data: null, messages: [message('error.notFound')] });
  });
}
