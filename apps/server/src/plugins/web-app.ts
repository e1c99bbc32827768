import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { message } from '@registrar-panel/contract';
import { cameThroughProxy } from '../lib/addresses';

/**
 * A request for a page of the app: a GET (or HEAD) outside the API and the identity service that a
 * browser navigates to (it asks for HTML) or whose path is route-like. A path whose last part has a
 * file extension is a file: a missing one stays a 404, so that a stale script is not answered with HTML.
 */
function isPageRequest(request: FastifyRequest, path: string, notPages: string[]): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (notPages.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return (request.headers.accept ?? '').includes('text/html') || !lastSegment.includes('.');
}

/**
 * The host the browser typed, when it is not PUBLIC_URL's: the identity service knows only
 * PUBLIC_URL's redirect address, so a page opened at 127.0.0.1 instead of localhost could never
 * sign in. A request that came through a proxy is left alone: the proxy owns the public names,
 * and one that rewrites Host would otherwise be sent round in a loop.
 */
function foreignHost(request: FastifyRequest, publicHost: string): boolean {
  const host = request.headers.host;
  if (!host || cameThroughProxy(request.headers)) return false;
  try {
    // Normalised as URL does it (letter case, default port), as publicHost was.
    return new URL(`http://${host}`).host !== publicHost;
  } catch {
    return false;
  }
}

/** Vite names what it builds under assets/ by content hash: such a file never changes. */
const immutable = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) may change with a release: kept, but revalidated first. */
const revalidate = 'no-cache';

/**
 * Serves the built single-page app. Unknown paths under /services and the identity path answer 404 in the envelope;
 * page requests get index.html so the app's router can take them (history fallback), after a
 * redirect to PUBLIC_URL's host when they came to another name of the server.
 *
 * Files go out as the build compressed them (`name.br`, `name.gz` beside each text file, written by
 * apps/web/vite.config.ts), chosen by the browser's Accept-Encoding. Source maps are built but
 * answer 404 unless `sourceMaps` (WEB_SOURCE_MAPS) is on; then scripts and stylesheets name theirs in
 * a `SourceMap` header (the build leaves the comment out of the files).
 */
export async function webApp(app: FastifyInstance, options: { distDir: string; publicUrl: string; identityUrl: string; sourceMaps?: boolean }) {
  const hasBuild = existsSync(`${options.distDir}/index.html`);
  // The app has no page under the API nor under the identity service: `/auth` (where the development
  // proxy sends it too), or OIDC_AUTH_URL's path when that is on the portal's own origin.
  const publicOrigin = new URL(options.publicUrl);
  const identity = new URL(options.identityUrl);
  const identityPath = identity.origin === publicOrigin.origin ? identity.pathname.replace(/\/$/, '') : '';
  const notPages = ['/services', '/auth', ...(identityPath ? [identityPath] : [])];
  const publicHost = new URL(`http://${publicOrigin.host}`).host;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (path) => options.sourceMaps === true || !path.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', filePath.startsWith(`${options.distDir}/assets/`) ? immutable : revalidate);
        const path = reply.request.url.split('?')[0] ?? '';
        if (options.sourceMaps && /\.(?:js|css)$/.test(path)) void reply.header('sourcemap', `${path}.map`);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isPageRequest(request, path, notPages)) {
      // 302, not permanent: the address depends on PUBLIC_URL, which the operator may change.
      if (foreignHost(request, publicHost)) return reply.header('cache-control', 'no-store').redirect(`${publicOrigin.origin}${request.url}`, 302);
      if (hasBuild) return reply.header('cache-control', revalidate).type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ data: null, messages: [message('error.notFound')] });
  });
}
