import type { AuditEntry } from '@encanto/core/validation';
import { api } from '../api-client.ts';
import { useApiPages, useApiQuery, useInvalidateApi } from '../query.ts';

/** The admin's decisions, newest first (GET /admin/auditoria); `antes` pages back by id. */
const auditPath = (limite: number, antes: number | null = null) =>
  `/admin/auditoria?limite=${limite}${antes ? `&antes=${antes}` : ''}`;

const AUDIT_PAGE = 50;

/** The full log, 50 at a time ("Cargar más"). */
export const useAuditLog = () =>
  useApiPages<AuditEntry[], number>(
    (antes) => auditPath(AUDIT_PAGE, antes),
    (last) => (last.length === AUDIT_PAGE ? last[last.length - 1]!.id : undefined),
    { staleTime: 0 },
  );

/** The last five, under the pending lists. */
export const useLatestDecisions = () => useApiQuery<AuditEntry[]>(auditPath(5), { staleTime: 0 });

/** "Deshacer" on a suspension still in force (decision 0147). */
export const undoSuspension = (id: number) =>
  api<{ mensaje: string }>(`/admin/auditoria/${id}/deshacer`, { method: 'POST' });

/** Every decision writes the log: what a decision screen refreshes with its own list. */
export function useRefreshAudit() {
  const invalidate = useInvalidateApi();
  return () => invalidate('/admin/auditoria');
}
