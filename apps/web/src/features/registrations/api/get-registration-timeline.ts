import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** One registration's versions while the caller's registrar sponsored it, a page at a time (zero-based), newest first. */
export function useRegistrationTimeline(name: string, page: number, enabled = true) {
  return useQuery({
    queryKey: registrationKeys.timeline(name, page),
    queryFn: () => callApi('getRegistrationTimeline', { params: { domainName: name }, query: { page }, quiet: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
