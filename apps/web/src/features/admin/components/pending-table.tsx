import { authorizeBlock, isMinor, type PendingRow } from '../pending-kinds.ts';
import { BirthDate } from './birth-date.tsx';

// A new upload clears the rejection, so a document beside a rejection reason is the rejected one.
const docBadge = (row: PendingRow) =>
  row.documento ? (
    <span className={`admin-badge ${row.motivo ? 'admin-badge-bad' : 'admin-badge-doc'}`}>
      {row.motivo ? 'Rechazado' : 'Por revisar'}
    </span>
  ) : (
    <span className="admin-badge admin-badge-none">
      {row.motivo ? 'Rechazado, sin nuevo documento' : 'Sin documento'}
    </span>
  );

/** An e-mail that wraps before its '@' rather than mid-word, when the column is narrow. */
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at <= 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

/**
 * A queue of pending accounts: the spec's columns plus birth date with age and
 * the document's state; Ver datos, Rechazar, Autorizar on each row. Autorizar
 * stays closed without a document or for an under-18 birth date, and says why.
 */
export function PendingTable({
  rows,
  withEmail,
  busyKey,
  onView,
  onReject,
  onAuthorize,
}: {
  rows: PendingRow[];
  withEmail: boolean;
  busyKey: string | null;
  onView: (row: PendingRow) => void;
  onReject: (row: PendingRow) => void;
  onAuthorize: (row: PendingRow) => void;
}) {
  return (
    <table className="admin-table pending-table">
      <thead>
        <tr>
          <th scope="col">RUT</th>
          <th scope="col">Nombre Completo</th>
          <th scope="col">Nickname</th>
          {withEmail && <th scope="col">Email</th>}
          <th scope="col">Nacimiento</th>
          <th scope="col">Documento</th>
          <th scope="col">
            <span className="visually-hidden">Acciones</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const blocked = authorizeBlock(row);
          const whyId = `pending-why-${row.nickname}`;
          return (
            <tr
              key={row.rut}
              data-nickname={row.nickname}
              className={isMinor(row.edad) ? 'admin-row-minor' : undefined}
            >
              <td data-label="RUT">{row.rut}</td>
              <td data-label="Nombre Completo">{row.nombre}</td>
              <td data-label="Nickname">{row.nickname}</td>
              {withEmail && (
                <td data-label="Email" className="admin-cell-wrap">
                  <Email value={row.email ?? ''} />
                </td>
              )}
              <td data-label="Nacimiento">
                <BirthDate fecha={row.fechaNac} edad={row.edad} />
              </td>
              <td data-label="Documento">
                {docBadge(row)}
                {blocked && (
                  <span id={whyId} className="visually-hidden">
                    {blocked}
                  </span>
                )}
              </td>
              <td className="admin-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => onView(row)}
                  aria-label={`Ver datos de ${row.nickname}`}
                >
                  Ver datos
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => onReject(row)}
                  aria-label={`Rechazar a ${row.nickname}`}
                >
                  Rechazar
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={blocked !== null || busyKey === row.rut}
                  title={blocked ?? undefined}
                  aria-describedby={blocked ? whyId : undefined}
                  onClick={() => onAuthorize(row)}
                  aria-label={`Autorizar a ${row.nickname}`}
                >
                  Autorizar
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
