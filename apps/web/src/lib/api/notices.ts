import type { AuthorizationNotice, ValidationKind } from '@encanto/core/validation';
import { api } from '../api-client.ts';
import { useApiQuery, useInvalidateApi } from '../query.ts';

export interface NoticeOwner {
  kind: ValidationKind;
  /** RUT for clients, nickname for escorts (the spec's paths). */
  id: string;
}

const noticePath = (owner: NoticeOwner, which: 'pendiente' | 'aprobado') =>
  owner.kind === 'cliente'
    ? `/cliente/alerta-${which}/${encodeURIComponent(owner.id)}`
    : `/escort-alerta-${which}/${encodeURIComponent(owner.id)}`;

type NoticeAnswer = { clientes?: AuthorizationNotice[]; usuario?: AuthorizationNotice[] };

/**
 * The account's notices of one kind (`pendiente`: the rejection, `aprobado`: the approval), newest
 * first, read into `pick`. A 404 means an empty list (spec); other failures are errors. Both screens
 * that show them (the alert on listings and profiles, the validation pages) share these reads.
 */
export function useNotices<D = AuthorizationNotice[]>(
  owner: NoticeOwner | null,
  which: 'pendiente' | 'aprobado',
  pick: (list: AuthorizationNotice[]) => D = (list) => list as D,
) {
  return useApiQuery<NoticeAnswer, D>(owner ? noticePath(owner, which) : null, {
    notFound: {},
    retry: false,
    staleTime: 0,
    select: (data) => pick((owner?.kind === 'cliente' ? data.clientes : data.usuario) ?? []),
  });
}

/** Refetches every notice read: an upload clears the rejection on the server. */
export function useRefreshNotices() {
  const invalidate = useInvalidateApi();
  return () => invalidate('/cliente/alerta-', '/escort-alerta-');
}

export function clearNotice(owner: NoticeOwner): Promise<{ mensaje: string }> {
  return api(
    owner.kind === 'cliente'
      ? `/cliente/quitar-mensaje-cliente/${encodeURIComponent(owner.id)}`
      : `/quitar-mensaje-escort/${encodeURIComponent(owner.id)}`,
    { method: 'POST' },
  );
}
