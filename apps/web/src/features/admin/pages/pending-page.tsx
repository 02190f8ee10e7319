import { useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import type { ValidationKind } from '@encanto/core/validation';
import { paths } from '../../../config/paths.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useLatestDecisions } from '../../../lib/api/audit.ts';
import { useAction } from '../../../lib/use-action.ts';
import { authorizeAccount, rejectAccount, usePendingAccounts, useRefreshPending } from '../api/pending.ts';
import { ApproveDialog } from '../components/approve-dialog.tsx';
import { AuditList } from '../components/audit-list.tsx';
import { BirthDate } from '../components/birth-date.tsx';
import { DocumentViewer, type ViewedAccount } from '../components/document-viewer.tsx';
import { MinorWarning, MinorsSummary } from '../components/minor-warning.tsx';
import { PendingTable } from '../components/pending-table.tsx';
import { RejectDialog } from '../components/reject-dialog.tsx';
import { authorizeBlock, documentsFirst, isMinor, pendingKinds, type PendingRow } from '../pending-kinds.ts';

type Status = { text: string; error: boolean; detail?: string } | null;

/** The spec's failure text, with the server's reason beside it when it gave one. */
const failure = (text: string, err: unknown): Status => {
  const detail = errorText(err, '');
  return detail ? { text, error: true, detail } : { text, error: true };
};

/** /pendientes/usuarios (escorts) and /pendientes/clientes: the pending accounts with Ver datos, Rechazar, Autorizar. */
export default function PendingPage({ kind }: { kind: ValidationKind }) {
  const c = pendingKinds[kind];
  useAdminHead(c.section);
  const list = usePendingAccounts(kind);
  const audit = useLatestDecisions();
  const [viewing, setViewing] = useState<PendingRow | null>(null);
  const [rejecting, setRejecting] = useState<PendingRow | null>(null);
  const [approving, setApproving] = useState<PendingRow | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const { busyKey, run } = useAction(useRefreshPending(kind));

  const authorize = (row: PendingRow) =>
    run(
      () => authorizeAccount(kind, row.rut),
      {
        onSuccess: () => setStatus({ text: c.ok, error: false }),
        onError: (err) => setStatus(failure(c.fail, err)),
        onSettled: () => {
          setApproving(null);
          setViewing(null);
        },
      },
      row.rut,
    );

  const reject = (row: PendingRow, reasons: string[], detalle: string) =>
    run(() => rejectAccount(kind, row.rut, reasons, detalle), {
      onSuccess: () => setStatus({ text: msg.rejectionSent(row.nickname), error: false }),
      onError: (err) => setStatus(failure(msg.rejectionError, err)),
      onSettled: () => {
        setRejecting(null);
        setViewing(null);
      },
    });

  const details = (row: PendingRow): ViewedAccount['details'] => {
    const list: ViewedAccount['details'] = [
      ['RUT', row.rut],
      ['Nombre Completo', row.nombre],
      ['Nickname', row.nickname],
    ];
    if (row.email) list.push(['Email', row.email]);
    list.push(['Fecha de nacimiento', <BirthDate fecha={row.fechaNac} edad={row.edad} />]);
    if (row.motivo) list.push(['Último rechazo', row.motivo]);
    return list;
  };
  const minors = list.data?.filter((r) => isMinor(r.edad)).length ?? 0;

  return (
    <section aria-labelledby={`pending-${kind}`}>
      <div className="admin-section-head">
        <h2 id={`pending-${kind}`} className="admin-section-title">
          {c.title}
        </h2>
        {list.data && <span className="admin-count">{list.data.length}</span>}
      </div>
      <div aria-live="polite">
        {status && (
          <p
            className={`message ${status.error ? 'message-error' : 'message-success'}`}
            role={status.error ? 'alert' : 'status'}
          >
            {status.text}
            {status.detail && <span className="admin-status-detail">{status.detail}</span>}
          </p>
        )}
      </div>
      {minors > 0 && <MinorsSummary count={minors} />}
      {list.isPending ? (
        <div className="skeleton" style={{ height: 200 }} />
      ) : list.isError ? (
        <p className="message message-error">{msg.pendingLoadError}</p>
      ) : list.data.length === 0 ? (
        <p className="empty">No hay cuentas pendientes.</p>
      ) : (
        <PendingTable
          rows={documentsFirst(list.data)}
          withEmail={kind === 'cliente'}
          busyKey={typeof busyKey === 'string' ? busyKey : null}
          onView={setViewing}
          onReject={setRejecting}
          onAuthorize={setApproving}
        />
      )}

      <section className="admin-latest" aria-labelledby={`latest-${kind}`}>
        <div className="admin-section-head">
          <h2 id={`latest-${kind}`} className="admin-section-title">
            Últimas decisiones
          </h2>
          <Link to={paths.adminAudit}>Ver registro completo</Link>
        </div>
        {audit.data && <AuditList entries={audit.data} />}
      </section>

      {viewing && (
        <DocumentViewer
          account={{ kind, nickname: viewing.nickname, details: details(viewing) }}
          onClose={() => setViewing(null)}
          warning={isMinor(viewing.edad) ? <MinorWarning edad={viewing.edad} /> : undefined}
          actions={
            <>
              <button type="button" className="button button-danger" onClick={() => setRejecting(viewing)}>
                Rechazar
              </button>
              <button
                type="button"
                className="button"
                disabled={authorizeBlock(viewing) !== null || busyKey === viewing.rut}
                title={authorizeBlock(viewing) ?? undefined}
                onClick={() => setApproving(viewing)}
              >
                Autorizar
              </button>
            </>
          }
        />
      )}
      {rejecting && (
        <RejectDialog
          kind={kind}
          nickname={rejecting.nickname}
          onSubmit={(reasons, detalle) => reject(rejecting, reasons, detalle)}
          onClose={() => setRejecting(null)}
        />
      )}
      {approving && (
        <ApproveDialog
          kind={kind}
          row={approving}
          noun={c.noun}
          busy={busyKey === approving.rut}
          onConfirm={() => void authorize(approving)}
          onClose={() => setApproving(null)}
        />
      )}
    </section>
  );
}
