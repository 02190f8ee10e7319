import { useState } from 'react';
import type { AuditEntry } from '@encanto/core/validation';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { errorText } from '../../../lib/api-client.ts';
import { undoSuspension, useAuditLog, useRefreshAudit } from '../../../lib/api/audit.ts';
import { useAction } from '../../../lib/use-action.ts';
import { AuditList } from '../components/audit-list.tsx';

/**
 * /pendientes/auditoria: every admin decision, newest first, 50 at a time. A suspension still in force
 * can be undone from here (decision 0147).
 */
export default function AuditPage() {
  useAdminHead('Auditoría');
  const query = useAuditLog();
  const { busy, run } = useAction(useRefreshAudit());
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const undo = (entry: AuditEntry) =>
    void run(() => undoSuspension(entry.id), {
      onSuccess: (res) => setStatus({ text: `${res.mensaje} (${entry.cuenta})`, error: false }),
      onError: (err) =>
        setStatus({ text: errorText(err, 'No se pudo deshacer la suspensión.'), error: true }),
    });
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="admin-section-title">
        Registro de decisiones
      </h2>
      <div aria-live="polite">
        {status && (
          <p
            className={`message ${status.error ? 'message-error' : 'message-success'}`}
            role={status.error ? 'alert' : 'status'}
          >
            {status.text}
          </p>
        )}
      </div>
      {query.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : query.isError ? (
        <p className="message message-error">No se pudo cargar el registro.</p>
      ) : (
        <AuditList entries={query.data.pages.flat()} onUndo={undo} busy={busy} />
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
