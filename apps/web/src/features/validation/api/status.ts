import type { ValidationKind } from '@encanto/core/validation';
import { api } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { getStored } from '../../../lib/session.ts';

/**
 * Whether the account is validated yet (GET /{kind}/autorizado/{rut}). The status check falls back
 * to "not validated" on any failure, and without a stored RUT, as the spec says.
 */
export function useValidationStatus(kind: ValidationKind) {
  return useApiQuery<boolean>(`/${kind}/autorizado/`, {
    // The RUT is read when the check runs (the browser's stored session), not while rendering.
    read: async (path) => {
      const id = getStored(kind === 'cliente' ? 'rut_cliente' : 'rut_usuario');
      if (!id) return false;
      try {
        const res = await api<{ autorizado: string }>(`${path}${encodeURIComponent(id)}`);
        return res.autorizado === 'aprobado';
      } catch {
        return false;
      }
    },
    retry: false,
    staleTime: 0,
  });
}
