import { createHash } from 'node:crypto';
import { openApiDocument } from '@registrar-panel/contract/api';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config';
import type { ApiHandlers } from '../../plugins/api-routes';

/**
 * `GET /services/openapi.json`: the OpenAPI 3.1 document of the API (packages/contract/src/api/).
 * Public (its entry's access): it names no one's data, and tools fetch it without a session. Built
 * at the first request, not at start (no instance pays for it before anyone asks), then kept;
 * answered with an ETag so that a tool revalidates cheaply.
 */
export function openApiHandlers(config: Config, apiPrefix: string): Pick<ApiHandlers, 'getOpenApiDocument'> {
  let built: { body: string; etag: string } | undefined;
  const document = () => {
    if (built) return built;
    const body = JSON.stringify(openApiDocument({ serverUrl: `${config.publicUrl}${apiPrefix}`, tld: config.tld, version: serverPackage.version }));
    built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    return built;
  };
  return {
    getOpenApiDocument: async (_input, { request, reply }) => {
      const { body, etag } = document();
      void reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
