import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/api-error';

/** A 4xx answer will not change on retry; network hiccups and 5xx get two more tries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
