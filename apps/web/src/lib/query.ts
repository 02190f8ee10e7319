import { QueryClient, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Query key of a GET on the API; the server seeds the same keys while rendering. */
export const apiKey = (path: string) => ['api', path] as const;

export function useApiQuery<T>(
  path: string | null,
  options: Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<T, Error, T, readonly unknown[]>({
    queryKey: apiKey(path ?? ''),
    queryFn: () => api<T>(path as string),
    enabled: path !== null && (options.enabled ?? true),
    ...options,
  });
}
