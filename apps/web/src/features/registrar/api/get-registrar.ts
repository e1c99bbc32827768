import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readRegistrar } from '../../../lib/registrar-read';
import { suspendedRefusals } from '../../../lib/registrar-suspended';
import { useStore } from '../../../lib/store';
import { registrarKeys } from './query-keys';

/** Shares the status lookup's read when one is under way (lib/registrar-read.ts). */
export const registrarQueryOptions = () => queryOptions({ queryKey: registrarKeys.registrar, queryFn: () => readRegistrar() });

/** The refusals for a suspended registrar already followed by a new read of the registrar. */
let followedRefusals = 0;

/**
 * The signed-in user's registrar: the overview, the tabs and the edit forms share it. Read again
 * when the API refuses a change because the registry suspended the registrar meanwhile, so that its
 * status badge agrees with the page's notice.
 */
export function useRegistrar() {
  const queryClient = useQueryClient();
  const refusals = useStore(suspendedRefusals);
  useEffect(() => {
    if (refusals === followedRefusals) return;
    followedRefusals = refusals;
    void queryClient.invalidateQueries({ queryKey: registrarKeys.registrar, exact: true });
  }, [refusals, queryClient]);
  return useQuery(registrarQueryOptions());
}
