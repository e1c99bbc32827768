import type { ApiRoute } from '../route';

export const referenceRoutes: readonly ApiRoute[] = [
  {
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    tag: 'reference',
    summary: 'Read this document',
    description: 'This OpenAPI 3.1 document, for tools that generate clients or show a reference. Public: it needs no token. Revalidate with `If-None-Match`.',
    access: 'public',
    answer: { kind: 'openapi', description: 'The document.' },
  },
];
