import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@registrar-panel/contract/api';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config';
import { byAddress, limitRequests } from '../../plugins/rate-limits';

/**
 * `GET /services/openapi.json`: the OpenAPI 3.1 document of the API (packages/contract/src/api/).
 * Public, outside the API's authenticated scope: it names no one's data, and tools fetch it without
 * a session. Built at the first request, not at start (no instance pays for it before anyone asks),
 * then kept; answered with an ETag so that a tool revalidates cheaply.
 */
// `apiPrefix`, not `prefix`: Fastify would mount the plugin's routes under an option named `prefix`.
export async function openApiRoutes(app: FastifyInstance, options: { config: Config; apiPrefix: string }) {
  const { config, apiPrefix: prefix } = options;
  let built: { body: string; etag: string } | undefined;
  const document = () => {
    if (built) return built;
    const body = JSON.stringify(openApiDocument({ serverUrl: `${config.publicUrl}${prefix}`, tld: config.tld, version: serverPackage.version }));
    built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    return built;
  };
  // Counted per address like every other /services request, signed in or not.
  app.get(`${prefix}/openapi.json`, { onRequest: limitRequests(byAddress('servicesPerIp')) }, async (request, reply) => {
    const { body, etag } = document();
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
