import {
  joinReasons,
  type PendingClient,
  type PendingEscort,
  type ValidationKind,
} from '@encanto/core/validation';
import { api } from '../../../lib/api-client.ts';
import { useRefreshAudit } from '../../../lib/api/audit.ts';
import { useApiQuery, useInvalidateApi } from '../../../lib/query.ts';
import { pendingKinds, type PendingRow } from '../pending-kinds.ts';

const pendingPath = (kind: ValidationKind) => `/${kind}/pendientes`;

/** One queue of accounts waiting for the admin, as rows both tables share. */
export const usePendingAccounts = (kind: ValidationKind) =>
  useApiQuery<(PendingEscort | PendingClient)[], PendingRow[]>(pendingPath(kind), {
    staleTime: 0,
    select: (list) => list.map((r) => pendingKinds[kind].toRow(r)),
  });

export const authorizeAccount = (kind: ValidationKind, rut: string) =>
  api(`/${kind}/autorizar/${encodeURIComponent(rut)}`, { method: 'PUT' });

/** Rechazar: the chosen reasons in the spec's one `motivo` line, and the admin's own words. */
export const rejectAccount = (kind: ValidationKind, rut: string, reasons: string[], detalle: string) =>
  api(`/${kind}/${pendingKinds[kind].reject}/${encodeURIComponent(rut)}`, {
    method: 'POST',
    body: { motivo: joinReasons(reasons), detalle },
  });

/** After a decision: the queue and the audit log. */
export function useRefreshPending(kind: ValidationKind) {
  const invalidate = useInvalidateApi();
  const refreshAudit = useRefreshAudit();
  return () => Promise.all([invalidate(pendingPath(kind)), refreshAudit()]);
}
