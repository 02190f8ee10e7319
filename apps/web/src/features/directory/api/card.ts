import { useQueryClient } from '@tanstack/react-query';
import type { AttendanceCounts } from '@encanto/core/attendance';
import type { EscortListCard, EscortPublic } from '@encanto/core/escorts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiKey, useApiQuery } from '../../../lib/query.ts';

export const publicCardPath = (nickname: string) => `/usuario/publico/${encodeURIComponent(nickname)}`;
const missingKey = (nickname: string) => ['directory', 'card-missing', nickname.toLowerCase()] as const;

/**
 * A public card (GET /usuario/publico/{nickname}) and whether it does not exist. The server
 * prefetches this path for every /Card URL, so no data while rendering there means 404 (unknown,
 * pending, paused or suspended). Writing that into the query cache sends it to the browser with the
 * page, so hydration renders the same 404 instead of a skeleton.
 */
export function usePublicCard(nickname: string) {
  const queryClient = useQueryClient();
  const path = publicCardPath(nickname);
  if (typeof window === 'undefined' && queryClient.getQueryData(apiKey(path)) === undefined) {
    queryClient.setQueryData(missingKey(nickname), true);
  }
  const knownMissing = queryClient.getQueryData(missingKey(nickname)) === true;
  const query = useApiQuery<EscortPublic & AttendanceCounts>(path, { enabled: !knownMissing, retry: false });
  const notFound = knownMissing || (query.error instanceof ApiError && query.error.status === 404);
  return { query, notFound };
}

export const similarPath = (nickname: string) => `${publicCardPath(nickname)}/similares`;

/** "También te puede interesar" under a card (decision 0165); the server renders it with the card. */
export function useSimilarEscorts(nickname: string) {
  return useApiQuery<EscortListCard[]>(similarPath(nickname), { retry: false });
}
