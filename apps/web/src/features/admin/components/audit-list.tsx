import { formatNumericDateTime } from '@encanto/core/chile-time';
import { auditActionLabel, type AuditAction, type AuditEntry } from '@encanto/core/validation';

/** The badge's tone: what let someone in or back, what kept or took someone out, what waits on a person. */
const tone: Partial<Record<AuditAction, 'ok' | 'bad' | 'warn'>> = {
  aprobado: 'ok',
  'aviso-aprobado': 'ok',
  perfil_reincorporado: 'ok',
  rectificacion_aplicada: 'ok',
  rechazado: 'bad',
  perfil_suspendido: 'bad',
  rectificacion_rechazada: 'bad',
  perfil_en_espera: 'warn',
};

/** Who decided: an admin's nickname, or the words for the system and the account holder. */
const actor = (admin: string) =>
  admin === 'sistema' ? 'Sistema' : admin === 'titular' ? 'Titular de la cuenta' : admin;

/**
 * The audit log as a table on wide screens and as cards on phones. With `onUndo`, a suspension still in
 * force offers "Deshacer" beside its reasons (decision 0147).
 */
export function AuditList({
  entries,
  onUndo,
  busy,
}: {
  entries: AuditEntry[];
  onUndo?: (entry: AuditEntry) => void;
  busy?: boolean;
}) {
  if (entries.length === 0) return <p className="empty">Aún no hay decisiones registradas.</p>;
  return (
    <table className="admin-table audit-table">
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col">Responsable</th>
          <th scope="col">Cuenta</th>
          <th scope="col">Decisión</th>
          <th scope="col">Motivos</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td data-label="Fecha">
              <time dateTime={e.fecha}>{formatNumericDateTime(e.fecha)}</time>
            </td>
            <td data-label="Responsable">{actor(e.admin)}</td>
            <td data-label="Cuenta">
              <span>
                {e.cuenta}
                {e.tipo && (
                  <span className="admin-kind"> ({e.tipo === 'usuario' ? 'escort' : 'cliente'})</span>
                )}
              </span>
            </td>
            <td data-label="Decisión">
              <span className={`admin-badge admin-badge-${tone[e.accion as AuditAction] ?? 'plain'}`}>
                {auditActionLabel(e.accion)}
              </span>
            </td>
            <td data-label="Motivos">
              <span className="audit-reasons">
                <span>{e.motivos ?? '—'}</span>
                {onUndo && e.deshacible && (
                  <button
                    type="button"
                    className="button button-secondary audit-undo"
                    disabled={busy}
                    aria-label={`Deshacer la suspensión de ${e.cuenta}`}
                    onClick={() => onUndo(e)}
                  >
                    Deshacer
                  </button>
                )}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
