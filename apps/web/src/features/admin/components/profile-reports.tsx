import { useState } from 'react';
import { reportReasonLabels, type Report } from '@encanto/core/data-rights';
import { SuspendForm } from '../../../components/admin/suspend-form.tsx';
import type { ReportAction } from '../../../lib/api/reports.ts';
import { formatDateTime } from '@encanto/core/chile-time';

const statusLabel: Record<Report['estado'], string> = {
  abierta: 'Abierta',
  descartada: 'Descartada',
  suspendida: 'Perfil suspendido',
};

/**
 * Every report about the profile, newest first; the open ones can be decided from here. Suspender perfil
 * asks for the reason first (decision 0147).
 */
export function ProfileReports({
  reports,
  busy,
  onDecide,
}: {
  reports: Report[];
  busy: boolean;
  onDecide: (report: Report, action: ReportAction, motivo?: string) => Promise<unknown> | void;
}) {
  const [suspending, setSuspending] = useState<number | null>(null);
  if (reports.length === 0) return <p className="empty">Este perfil no tiene denuncias.</p>;
  return (
    <ul className="dr-reports profile-reports">
      {reports.map((r) => (
        <li key={r.id} className={`dr-report-card${r.motivo === 'menor' ? ' dr-report-urgent' : ''}`}>
          <div className="dr-report-head">
            <span
              className={`dr-chip${r.motivo === 'menor' || r.motivo === 'trata' ? ' dr-chip-urgent' : ''}`}
            >
              {reportReasonLabels[r.motivo]}
            </span>
            <span className={`dr-chip dr-chip-${r.estado}`}>{statusLabel[r.estado]}</span>
          </div>
          <p className="dr-report-meta">
            Recibida el {formatDateTime(r.fecha)}
            {r.decidida_el && ` · decidida el ${formatDateTime(r.decidida_el)}`}
          </p>
          {r.detalle ? (
            <p className="dr-report-detail">{r.detalle}</p>
          ) : (
            <p className="dr-report-detail dr-muted">Sin detalle.</p>
          )}
          {r.estado === 'abierta' && suspending === r.id ? (
            <SuspendForm
              nickname={r.nickname_usuario}
              busy={busy}
              onSubmit={(motivo) => onDecide(r, 'suspender', motivo)}
              onCancel={() => setSuspending(null)}
            />
          ) : r.estado === 'abierta' ? (
            <div className="dr-actions">
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => onDecide(r, 'descartar')}
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
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
