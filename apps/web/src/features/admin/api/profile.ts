import type { AdminProfile } from '@encanto/core/data-rights';
import { useApiQuery, useInvalidateApi } from '../../../lib/query.ts';

const adminProfilePath = (nickname: string) => `/admin/perfil/${encodeURIComponent(nickname)}`;

/** A reported profile as the admin reviews it (GET /admin/perfil/{nickname}). */
export const useAdminProfile = (nickname: string) =>
  useApiQuery<AdminProfile>(adminProfilePath(nickname), { staleTime: 0, retry: false });

export function useRefreshAdminProfile(nickname: string) {
  const invalidate = useInvalidateApi();
  return () => invalidate(adminProfilePath(nickname));
}
