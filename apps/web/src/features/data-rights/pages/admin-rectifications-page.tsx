import { useState } from 'react';
import { rectifiableFieldLabels, type AdminRectification } from '@encanto/core/data-rights';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import {
  decideRectification,
  useAdminRectifications,
  useRefreshRectifications,
  type RectificationFilter,
} from '../api/rectifications.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { AdminDecisionList, type DecisionStatus } from '../components/admin-decision-list.tsx';

const statusLabel: Record<AdminRectification['estado'], string> = {
  abierta: 'Abierta',
  resuelta: 'Corregida',
  rechazada: 'Rechazada',
};

/**
 * /pendientes/rectificaciones: requests to correct name, birth date or RUT.
 * 'Aplicar corrección' writes the value (same rules as registration); 'Rechazar'
 * leaves the data as it is. Compare with the document before applying.
 */
export default function AdminRectificationsPage() {
  useAdminHead('Rectificaciones');
  const [filter, setFilter] = useState<RectificationFilter>('abierta');
  const list = useAdminRectifications(filter);
  const refresh = useRefreshRectifications();
  const { busy, run } = useAction(refresh);
  const [status, setStatus] = useState<DecisionStatus>(null);

  const act = (r: AdminRectification, estado: 'resuelta' | 'rechazada') =>
    run(() => decideRectification(r.id, estado), {
      onSuccess: (res) => setStatus({ text: `${res.mensaje} (${r.nickname})`, error: false }),
      onError: (err) => setStatus({ text: errorText(err, 'No se pudo guardar la decisión.'), error: true }),
    });

  return (
    <AdminDecisionList
      titleId="rect-title"
      title="Correcciones de datos"
      filter={filter}
      onFilter={setFilter}
      status={status}
      query={list}
      loadError="No se pudieron cargar las solicitudes."
      emptyOpen="No hay solicitudes abiertas."
      emptyAll="Aún no hay solicitudes."
    >
      {(items) => (
        <table className="admin-table" data-testid="rectifications-list">
          <thead>
            <tr>
              <th scope="col">Nickname</th>
              <th scope="col">Dato</th>
              <th scope="col">Actual</th>
              <th scope="col">Pedido</th>
              <th scope="col">Comentario</th>
              <th scope="col">Fecha</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.id}>
                <td data-label="Nickname">
                  {r.nickname} <span className="admin-kind">({r.tipo})</span>
                </td>
                <td data-label="Dato">{rectifiableFieldLabels[r.campo]}</td>
                <td data-label="Actual">{r.valor_actual}</td>
                <td data-label="Pedido">
                  <strong>{r.valor}</strong>
                </td>
                <td data-label="Comentario" className="admin-cell-wrap">
                  {r.detalle || '—'}
                </td>
                <td data-label="Fecha">{formatDateTime(r.fecha)}</td>
                <td data-label="Acciones">
                  {r.estado === 'abierta' ? (
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        onClick={() => void act(r, 'resuelta')}
                      >
                        Aplicar corrección
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={busy}
                        onClick={() => void act(r, 'rechazada')}
                      >
                        Rechazar
                      </button>
                    </div>
                  ) : (
                    <span className="dr-chip">{statusLabel[r.estado]}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminDecisionList>
  );
}
