import type { ApiRoute } from '../route';
import { operation } from '../operations';

export const referenceRoutes = [
  {
    ...operation('getOpenApiDocument'),
    tag: 'reference',
    summary: 'Read this document',
    description: 'This OpenAPI 3.1 document, for tools that generate clients or show a reference. Public: it needs no token. Revalidate with `If-None-Match`.',
    access: 'public',
    answer: { kind: 'openapi', description: 'The document.' },
  },
] as const satisfies readonly ApiRoute[];
