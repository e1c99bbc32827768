import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The API client already alerted the user; retrying a 4xx would only repeat the alert. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
