import type { WebhookEndpoint } from '@registrar-panel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** The registrar's endpoints, oldest first, with their delivery state. */
export async function getWebhooks(): Promise<WebhookEndpoint[]> {
  return (await callApi('listWebhookEndpoints')).endpoints;
}

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhookKeys.list(), queryFn: getWebhooks, staleTime: 0 });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
