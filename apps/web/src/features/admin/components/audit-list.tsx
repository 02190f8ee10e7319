import { auditActionLabel, type AuditEntry } from '@encanto/core/validation';

const dateTime = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Santiago',
});

/** The audit log as a table on wide screens and as cards on phones. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="empty">Aún no hay decisiones registradas.</p>;
  return (
    <table className="admin-table audit-table">
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col">Administrador</th>
          <th scope="col">Cuenta</th>
          <th scope="col">Decisión</th>
          <th scope="col">Motivos</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td data-label="Fecha">
              <time dateTime={e.fecha}>{dateTime.format(new Date(e.fecha))}</time>
            </td>
            <td data-label="Administrador">{e.admin}</td>
            <td data-label="Cuenta">
              <span>
                {e.cuenta}
                {e.tipo && <span className="admin-kind"> ({e.tipo})</span>}
              </span>
            </td>
            <td data-label="Decisión">
              <span className={`admin-badge admin-badge-${e.accion}`}>{auditActionLabel(e.accion)}</span>
            </td>
            <td data-label="Motivos">{e.motivos ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
