import type { WebhookDeliveriesResponse } from '@registrar-panel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

/** A page of an endpoint's delivery log, newest first. */
export async function getWebhookDeliveries(id: string, page: number): Promise<WebhookDeliveriesResponse> {
  return callApi('listWebhookDeliveries', { params: { id }, query: { page } });
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...webhookKeys.deliveries(id), page],
    queryFn: () => getWebhookDeliveries(id, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
