import { useAdminHead } from '../../../lib/admin-head.ts';
import { useAuditLog } from '../../../lib/api/audit.ts';
import { AuditList } from '../components/audit-list.tsx';

/** /pendientes/auditoria: every admin decision, newest first, 50 at a time. */
export default function AuditPage() {
  useAdminHead('Auditoría');
  const query = useAuditLog();
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="admin-section-title">
        Registro de decisiones
      </h2>
      {query.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : query.isError ? (
        <p className="message message-error">No se pudo cargar el registro.</p>
      ) : (
        <AuditList entries={query.data.pages.flat()} />
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          Cargar más
        </button>
      )}
    </section>
  );
}
