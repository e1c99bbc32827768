import type { OpenApiDocument } from '@registrar-panel/contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../lib/api-client';
import { requestEnded, requestStarted } from '../../../lib/spinner';

/** Where the server publishes the document: public, and not in the envelope (tools read it as it is). */
export const openApiDocumentUrl = apiPath('getOpenApiDocument');

export async function getOpenApiDocument(): Promise<OpenApiDocument> {
  requestStarted();
  try {
    const response = await fetch(openApiDocumentUrl, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as OpenApiDocument;
  } finally {
    requestEnded();
  }
}

/** Built once per server start: kept for the session, revalidated (ETag) only when the page opens again after a reload. */
export const openApiDocumentQueryOptions = () => queryOptions({ queryKey: ['apiReference', 'document'], queryFn: getOpenApiDocument, staleTime: Infinity });

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
