import { callRefusal, type MessageKey, type ServiceCall } from '@registrar-panel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readRegistrarQuietly } from './registrar-read';
import { suspendedRefusals } from './registrar-suspended';
import { useStore } from './store';

/**
 * The signed-in user's registrar status, for every page: the notice of a suspended registrar and
 * the controls it disables. Asked quietly: a failed lookup disables nothing and alerts nothing (the
 * API still refuses what it must, and says so). Asked again after each refusal for a suspended
 * registrar, and on a navigation once 30 s old (the query client's staleTime). A registrar page
 * opening meanwhile shares the request (lib/registrar-read.ts).
 */
export function useRegistrarStatus(): string | undefined {
  const refusals = useStore(suspendedRefusals);
  return useQuery({
    queryKey: ['registrar-status', refusals],
    queryFn: async () => (await readRegistrarQuietly()).status,
    placeholderData: keepPreviousData,
  }).data;
}

/**
 * Why the API would refuse this call to the signed-in user's registrar (a message key), or undefined:
 * read from the contract's status rule, the one the API's gate applies.
 */
export function useCallRefusal(call: ServiceCall): MessageKey | undefined {
  const status = useRegistrarStatus();
  return status === undefined ? undefined : callRefusal(status, call);
}
