import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@encanto/core/messages';
import {
  joinReasons,
  type AuditEntry,
  type PendingClient,
  type PendingEscort,
  type ValidationKind,
} from '@encanto/core/validation';
import { api, errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { AuditList } from '../components/audit-list.tsx';
import { DocumentViewer, type ViewedAccount } from '../components/document-viewer.tsx';
import { RejectDialog } from '../components/reject-dialog.tsx';

interface Row {
  rut: string;
  nombre: string;
  nickname: string;
  /** Nacimiento (usuarios) or Email (clientes). */
  extra: string;
  motivo: string | null;
  documento: string | null;
}

const birthDate = (iso: string) => iso.split('-').reverse().join('-');

const config = {
  usuario: {
    title: 'Usuarios Pendientes',
    extraLabel: 'Nacimiento',
    reject: 'informar-rechazo-escort',
    ok: msg.escortAuthorized,
    fail: msg.escortAuthorizeError,
    toRow: (r: PendingEscort): Row => ({
      rut: r.rut_usuario,
      nombre: r.nombre,
      nickname: r.nickname,
      extra: birthDate(r.fecha_nac),
      motivo: r.motivo,
      documento: r.documento,
    }),
  },
  cliente: {
    title: 'Clientes Pendientes',
    extraLabel: 'Email',
    reject: 'informa-rechazar-cliente',
    ok: msg.clientAuthorized,
    fail: msg.clientAuthorizeError,
    toRow: (r: PendingClient): Row => ({
      rut: r.rut_cliente,
      nombre: r.nombre,
      nickname: r.nickname,
      extra: r.email,
      motivo: r.motivo,
      documento: r.documento,
    }),
  },
} as const;

type Status = { text: string; error: boolean; detail?: string } | null;

/** The spec's failure text, with the server's reason beside it when it gave one. */
const failure = (text: string, err: unknown): Status => {
  const detail = errorText(err, '');
  return detail ? { text, error: true, detail } : { text, error: true };
};

/** /pendientes/usuarios and /pendientes/clientes: the pending accounts with Ver datos, Rechazar, Autorizar. */
export default function PendingPage({ kind }: { kind: ValidationKind }) {
  const c = config[kind];
  const queryClient = useQueryClient();
  const listKey = ['admin-pending', kind] as const;
  const list = useQuery({
    queryKey: listKey,
    staleTime: 0,
    queryFn: async () => {
      const rows = await api<(PendingEscort | PendingClient)[]>(`/${kind}/pendientes`);
      return rows.map((r) => (c.toRow as (x: typeof r) => Row)(r));
    },
  });
  const audit = useQuery({
    queryKey: ['admin-audit-latest'],
    staleTime: 0,
    queryFn: () => api<AuditEntry[]>('/admin/auditoria?limite=5'),
  });
  const [viewing, setViewing] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const { busyKey, run } = useAction(() =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: ['admin-audit-latest'] }),
      queryClient.invalidateQueries({ queryKey: ['admin-audit'] }),
    ]),
  );

  const authorize = (row: Row) =>
    run(
      () => api(`/${kind}/autorizar/${encodeURIComponent(row.rut)}`, { method: 'PUT' }),
      {
        onSuccess: () => setStatus({ text: c.ok, error: false }),
        onError: (err) => setStatus(failure(c.fail, err)),
        onSettled: () => setViewing(null),
      },
      row.rut,
    );

  const reject = (row: Row, reasons: string[]) =>
    run(
      () =>
        api(`/${kind}/${c.reject}/${encodeURIComponent(row.rut)}`, {
          method: 'POST',
          body: { motivo: joinReasons(reasons) },
        }),
      {
        onSuccess: () => setStatus({ text: msg.rejectionSent(row.nickname), error: false }),
        onError: (err) => setStatus(failure(msg.rejectionError, err)),
        onSettled: () => {
          setRejecting(null);
          setViewing(null);
        },
      },
    );

  const details = (row: Row): ViewedAccount['details'] => [
    ['RUT', row.rut],
    ['Nombre Completo', row.nombre],
    ['Nickname', row.nickname],
    [c.extraLabel, row.extra],
    ...(row.motivo ? ([['Último rechazo', row.motivo]] as [string, string][]) : []),
  ];

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
      {list.isPending ? (
        <div className="skeleton" style={{ height: 200 }} />
      ) : list.isError ? (
        <p className="message message-error">{msg.pendingLoadError}</p>
      ) : list.data.length === 0 ? (
        <p className="empty">No hay cuentas pendientes.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">RUT</th>
              <th scope="col">Nombre Completo</th>
              <th scope="col">Nickname</th>
              <th scope="col">{c.extraLabel}</th>
              <th scope="col">Documento</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((row) => (
              <tr key={row.rut} data-nickname={row.nickname}>
                <td data-label="RUT">{row.rut}</td>
                <td data-label="Nombre Completo">{row.nombre}</td>
                <td data-label="Nickname">{row.nickname}</td>
                <td data-label={c.extraLabel} className="admin-cell-wrap">
                  {row.extra}
                </td>
                <td data-label="Documento">
                  {row.documento ? (
                    <span className="admin-badge admin-badge-doc">
                      {row.motivo ? 'Rechazado' : 'Por revisar'}
                    </span>
                  ) : (
                    <span className="admin-badge admin-badge-none">
                      {row.motivo ? 'Rechazado, sin nuevo documento' : 'Sin documento'}
                    </span>
                  )}
                </td>
                <td className="admin-actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setViewing(row)}
                    aria-label={`Ver datos de ${row.nickname}`}
                  >
                    Ver datos
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => setRejecting(row)}
                    aria-label={`Rechazar a ${row.nickname}`}
                  >
                    Rechazar
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={busyKey === row.rut}
                    onClick={() => void authorize(row)}
                    aria-label={`Autorizar a ${row.nickname}`}
                  >
                    Autorizar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <section className="admin-latest" aria-labelledby={`latest-${kind}`}>
        <div className="admin-section-head">
          <h2 id={`latest-${kind}`} className="admin-section-title">
            Últimas decisiones
          </h2>
          <Link to="/pendientes/auditoria">Ver registro completo</Link>
        </div>
        {audit.data && <AuditList entries={audit.data} />}
      </section>

      {viewing && (
        <DocumentViewer
          account={{ kind, nickname: viewing.nickname, details: details(viewing) }}
          onClose={() => setViewing(null)}
          actions={
            <>
              <button type="button" className="button button-danger" onClick={() => setRejecting(viewing)}>
                Rechazar
              </button>
              <button
                type="button"
                className="button"
                disabled={busyKey === viewing.rut}
                onClick={() => void authorize(viewing)}
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
          onSubmit={(reasons) => reject(rejecting, reasons)}
          onClose={() => setRejecting(null)}
        />
      )}
    </section>
  );
}
