import { useState } from 'react';
import { Link } from 'react-router';
import { reportReasonLabels, type Report } from '@encanto/core/data-rights';
import { paths } from '../../../config/paths.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import {
  decideReport,
  useRefreshReports,
  useReports,
  type ReportAction,
  type ReportFilter,
} from '../../../lib/api/reports.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { SuspendForm } from '../../../components/admin/suspend-form.tsx';
import { AdminDecisionList, type DecisionStatus } from '../components/admin-decision-list.tsx';

const statusLabel: Record<Report['estado'], string> = {
  abierta: 'Abierta',
  descartada: 'Descartada',
  suspendida: 'Suspendida',
};
const urgent = new Set(['menor', 'trata']);

/**
 * /pendientes/denuncias: open reports, the most urgent first: a possible minor
 * whose profile is still visible (no witness held it: anonymous reports never
 * do) tops the list, marked 'Urgente'; within a rank, the profiles more distinct
 * people report come first. Descartar and Reincorporar decide on one click; Suspender perfil (hidden until
 * reinstated) first asks for the reason the escort is mailed (decision 0147). Every decision lands in the
 * audit log, where a suspension can be undone.
 */
export default function AdminReportsPage() {
  useAdminHead('Denuncias');
  const [filter, setFilter] = useState<ReportFilter>('abierta');
  const list = useReports(filter);
  const refresh = useRefreshReports();
  const { busy, run } = useAction(refresh);
  const [status, setStatus] = useState<DecisionStatus>(null);
  const [suspending, setSuspending] = useState<number | null>(null);

  const act = (report: Report, action: ReportAction, motivo?: string) =>
    run(() => decideReport(report.id, action, motivo), {
      onSuccess: (res) => {
        setSuspending(null);
        setStatus({ text: `${res.mensaje} (${report.nickname_usuario})`, error: false });
      },
      onError: (err) => setStatus({ text: errorText(err, 'No se pudo guardar la decisión.'), error: true }),
    });

  return (
    <AdminDecisionList
      titleId="denuncias-title"
      title="Denuncias"
      filter={filter}
      onFilter={setFilter}
      status={status}
      query={list}
      loadError="No se pudieron cargar las denuncias."
      emptyOpen="No hay denuncias abiertas."
      emptyAll="Aún no hay denuncias."
    >
      {(items) => (
        <ul className="dr-reports" data-testid="reports-list">
          {items.map((r) => (
            <li
              key={r.id}
              className={`dr-report-card${urgent.has(r.motivo) ? ' dr-report-urgent' : ''}${r.urgente ? ' dr-report-now' : ''}`}
              data-nickname={r.nickname_usuario}
            >
              <div className="dr-report-head">
                {r.urgente && <span className="dr-chip dr-chip-now">Urgente</span>}
                <span className={`dr-chip ${urgent.has(r.motivo) ? 'dr-chip-urgent' : ''}`}>
                  {reportReasonLabels[r.motivo]}
                </span>
                <strong className="dr-report-nick">{r.nickname_usuario}</strong>
                {r.perfil_suspendido && <span className="dr-chip dr-chip-hidden">Oculto</span>}
                {r.estado !== 'abierta' && <span className="dr-chip">{statusLabel[r.estado]}</span>}
              </div>
              {r.urgente && (
                <p className="dr-report-alert">
                  El perfil sigue visible: antes de tu revisión solo lo oculta la denuncia de un cliente
                  verificado que tuvo una cita con ella. Revísalo ahora.
                </p>
              )}
              <p className="dr-report-meta">
                {formatDateTime(r.fecha)}
                {r.denuncias_abiertas > 1 && ` · ${r.denuncias_abiertas} denuncias abiertas de este perfil`}
                {r.denunciantes > 1 && ` · ${r.denunciantes} personas distintas lo denuncian`}
              </p>
              {r.detalle ? (
                <p className="dr-report-detail">{r.detalle}</p>
              ) : (
                <p className="dr-report-detail dr-muted">Sin detalle.</p>
              )}
              {r.perfil_existe && suspending === r.id ? (
                <SuspendForm
                  nickname={r.nickname_usuario}
                  busy={busy}
                  onSubmit={(motivo) => act(r, 'suspender', motivo)}
                  onCancel={() => setSuspending(null)}
                />
              ) : r.perfil_existe ? (
                <div className="dr-actions">
                  <Link className="button button-secondary" to={paths.adminProfile(r.nickname_usuario)}>
                    Ver perfil
                  </Link>
                  {r.estado === 'abierta' && (
                    <>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={busy}
                        onClick={() => void act(r, 'descartar')}
                      >
                        Descartar
                      </button>
                      <button
                        type="button"
                        className="button button-danger"
                        disabled={busy}
                        onClick={() => setSuspending(r.id)}
                      >
                        Suspender perfil
                      </button>
                    </>
                  )}
                  {r.perfil_suspendido && r.estado !== 'abierta' && (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => void act(r, 'reincorporar')}
                    >
                      Reincorporar
                    </button>
                  )}
                </div>
              ) : (
                <p className="dr-muted">El perfil ya no existe.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminDecisionList>
  );
}
