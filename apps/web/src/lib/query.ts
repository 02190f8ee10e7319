import { useCallback } from 'react';
import {
  QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { api, ApiError } from './api-client.ts';

/**
 * The one way the app reads the API. Every read is keyed by the path it GETs (`apiKey`): the server
 * seeds the same keys while rendering (entry-server.tsx, ssr-prefetch.ts), so a page's first view
 * arrives with its data, and a write refreshes what it changed by path (`useInvalidateApi`). Hooks per
 * resource live in lib/api/<resource>.ts or features/<feature>/api/, built on these; ESLint keeps
 * TanStack's own query hooks to this file (the "web data access" block of eslint.config.js).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** Query key of a GET on the API; the server seeds the same keys while rendering. */
export const apiKey = (path: string) => ['api', path] as const;

export interface ApiQueryOptions<T, D = T> extends Omit<
  UseQueryOptions<T, Error, D, readonly unknown[]>,
  'queryKey' | 'queryFn'
> {
  /**
   * The data of a 404, for the spec's reads that answer "nothing here" with 404 (no document
   * uploaded, no notice): that value instead of an error.
   */
  notFound?: T;
  /**
   * How to read the path when its answer needs reading first (a fallback the spec names, a call
   * the page makes once). Still keyed by the path; lives beside the path in an api/ module.
   */
  read?: (path: string) => Promise<T>;
}

/**
 * Whether the server render may fetch this read for a signed-in page (entry-server.tsx lists the
 * reads a render missed; the server GETs them and seeds only 200 answers). A read whose data is not
 * the GET's 200 body (`notFound`, `read`) stays in the browser: seeded, it would not be what the
 * browser computes, and unseeded while its neighbours are, the first HTML would differ from hydration.
 */
export const serverReadable = (query: { meta?: Record<string, unknown> | undefined }) =>
  query.meta?.serverRead !== false;

/** A GET of `path` (null: not yet, the query waits), cached under apiKey(path). */
export function useApiQuery<T, D = T>(path: string | null, options: ApiQueryOptions<T, D> = {}) {
  const { notFound, read, ...rest } = options;
  const hasNotFound = 'notFound' in options;
  const browserOnly = hasNotFound || read !== undefined;
  return useQuery<T, Error, D, readonly unknown[]>({
    queryKey: apiKey(path ?? ''),
    queryFn: async () => {
      const p = path as string;
      try {
        return await (read ? read(p) : api<T>(p));
      } catch (err) {
        if (hasNotFound && err instanceof ApiError && err.status === 404) return notFound as T;
        throw err;
      }
    },
    ...rest,
    ...(browserOnly ? { meta: { ...rest.meta, serverRead: false } } : {}),
    enabled: path !== null && (rest.enabled ?? true),
  });
}

/**
 * A list read page by page ("Cargar más"): `pagePath(cursor)` names each page's GET, the first with
 * cursor null; `nextCursor(lastPage)` says where the next page starts (undefined: no more). Keyed
 * under apiKey(pagePath(null)), so refreshing that path refreshes every page; a first page the
 * server render fetched (seeded under its path) starts the list.
 */
export function useApiPages<T, C>(
  pagePath: (cursor: C | null) => string,
  nextCursor: (lastPage: T) => C | undefined,
  options: { staleTime?: number } = {},
) {
  const client = useQueryClient();
  const first = pagePath(null);
  return useInfiniteQuery<T, Error, InfiniteData<T, C | null>, readonly unknown[], C | null>({
    queryKey: [...apiKey(first), 'paginas'],
    initialPageParam: null,
    initialData: () => {
      const seeded = client.getQueryData<T>(apiKey(first));
      return seeded === undefined ? undefined : { pages: [seeded], pageParams: [null] };
    },
    queryFn: ({ pageParam }) => api<T>(pagePath(pageParam as C | null)),
    getNextPageParam: (last) => nextCursor(last),
    ...options,
  });
}

/**
 * Pages a listing adds below its first page with "Ver más", kept in the cache under the first page's
 * path, so Back from a card shows them again. `add(path)` reads one more page and appends it.
 */
export function useApiMorePages<T>(path: string) {
  const client = useQueryClient();
  const key = [...apiKey(path), 'mas'] as const;
  const pages = useQuery<T[], Error, T[], readonly unknown[]>({
    queryKey: key,
    // Nothing to read: the pages are the ones added; a refresh keeps them.
    queryFn: () => Promise.resolve(client.getQueryData<T[]>(key) ?? []),
    initialData: [],
    staleTime: Infinity,
  }).data;
  const add = async (nextPath: string) => {
    const page = await api<T>(nextPath);
    client.setQueryData<T[]>(key, (old = []) => [...old, page]);
  };
  return { pages, add };
}

/**
 * Refetches every read whose path starts with one of `prefixes` (exact paths included): what a write
 * calls afterwards, e.g. `invalidate('/admin/auditoria', '/denuncias')`.
 */
export function useInvalidateApi() {
  const client = useQueryClient();
  // Stable per client: an effect that holds it (the live event stream, lib/live.ts) is not reopened.
  return useCallback(
    (...prefixes: string[]) =>
      client.invalidateQueries({
        predicate: (q) => {
          const path = q.queryKey[1];
          return (
            q.queryKey[0] === 'api' && typeof path === 'string' && prefixes.some((p) => path.startsWith(p))
          );
        },
      }),
    [client],
  );
}

/** Sets a read's answer in the cache (an answer the write already returned), by its path. */
export function useSetApiData() {
  const client = useQueryClient();
  return useCallback(
    <T>(path: string, data: T | ((old: T | undefined) => T)) =>
      client.setQueryData<T>(apiKey(path), data as never),
    [client],
  );
}
