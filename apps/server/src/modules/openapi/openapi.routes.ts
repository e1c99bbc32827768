import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '@registrar-panel/contract/api';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config';
import { byAddress, limitRequests } from '../../plugins/rate-limits';

/** The API's prefix: the document's paths are relative to it. */
const servicesPrefix = '/services';

/**
 * `GET /services/openapi.json`: the OpenAPI 3.1 document of the API (packages/contract/src/api/).
 * Public, outside the API's authenticated scope: it names no one's data, and tools fetch it without
 * a session. Built once at start; answered with an ETag so that a tool revalidates cheaply.
 */
export async function openApiRoutes(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  const body = JSON.stringify(openApiDocument({ serverUrl: `${config.publicUrl}${servicesPrefix}`, tld: config.tld, version: serverPackage.version }));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  // Counted per address like every other /services request, signed in or not.
  app.get(`${servicesPrefix}/openapi.json`, { onRequest: limitRequests(byAddress('servicesPerIp')) }, async (request, reply) => {
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
