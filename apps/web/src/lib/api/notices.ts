import type { AuthorizationNotice, ValidationKind } from '@encanto/core/validation';
import { api, ApiError } from '../api-client.ts';

export interface NoticeOwner {
  kind: ValidationKind;
  /** RUT for clients, nickname for escorts (the spec's paths). */
  id: string;
}

const noticePath = (owner: NoticeOwner, which: 'pendiente' | 'aprobado') =>
  owner.kind === 'cliente'
    ? `/cliente/alerta-${which}/${encodeURIComponent(owner.id)}`
    : `/escort-alerta-${which}/${encodeURIComponent(owner.id)}`;

/** A 404 means an empty list (spec); other failures are raised. */
export async function fetchNotices(
  owner: NoticeOwner,
  which: 'pendiente' | 'aprobado',
): Promise<AuthorizationNotice[]> {
  try {
    const data = await api<{ clientes?: AuthorizationNotice[]; usuario?: AuthorizationNotice[] }>(
      noticePath(owner, which),
    );
    return (owner.kind === 'cliente' ? data.clientes : data.usuario) ?? [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function clearNotice(owner: NoticeOwner): Promise<{ mensaje: string }> {
  return api(
    owner.kind === 'cliente'
      ? `/cliente/quitar-mensaje-cliente/${encodeURIComponent(owner.id)}`
      : `/quitar-mensaje-escort/${encodeURIComponent(owner.id)}`,
    { method: 'POST' },
  );
}

export const noticesKey = (owner: NoticeOwner | null) => ['notices', owner?.kind, owner?.id] as const;
