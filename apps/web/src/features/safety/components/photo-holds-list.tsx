import { Link } from 'react-router';
import { formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { photoHoldDecisionSchema, type PhotoHold } from '@encanto/core/photo-holds';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { decidePhotoHold, photoHoldsPath, usePhotoHolds, useRefresh } from '../../../lib/api/safety.ts';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';

const stateWord = { en_revision: 'En revisión', liberada: 'Liberada', retirada: 'Retirada' } as const;

function HoldItem({
  hold,
  busy,
  onDecide,
  onInvalid,
}: {
  hold: PhotoHold;
  busy: boolean;
  onDecide: (action: 'liberar' | 'retirar', nota: string) => void;
  onInvalid: (text: string) => void;
}) {
  const form = useSchemaForm(photoHoldDecisionSchema, { defaultValues: { nota: '' } });
  const decide = (action: 'liberar' | 'retirar') =>
    form.handleSubmit(
      ({ nota }) => onDecide(action, nota),
      (errors) => onInvalid(firstErrorOf(errors) ?? msg.photoHoldNoteRequired),
    )();
  const fieldId = `nota-foto-${hold.id}`;
  return (
    <li className="safety-item photo-hold">
      <h3>
        {hold.tipo === 'profile' ? 'Foto de perfil' : 'Imagen de galería'} de{' '}
        <Link to={paths.adminProfile(hold.nickname)}>{hold.nickname}</Link>
        <span className="safety-tab-count">{stateWord[hold.estado]}</span>
        {hold.denunciada ? <span className="safety-tab-count">denunciada por la dueña</span> : null}
      </h3>
      <p className="safety-meta">Subida: {formatDateTime(hold.creada)}</p>
      <div className="photo-hold-pair">
        <figure>
          {hold.url ? <img src={hold.url} alt={`Foto retenida de ${hold.nickname}`} /> : <p>Ya eliminada</p>}
          <figcaption>Nueva: {hold.nickname}</figcaption>
        </figure>
        <figure>
          {hold.url_original ? (
            <img src={hold.url_original} alt={`Foto anterior de ${hold.nickname_original}`} />
          ) : (
            <p>Ya eliminada</p>
          )}
          <figcaption>Anterior: {hold.nickname_original}</figcaption>
        </figure>
      </div>
      {hold.estado === 'en_revision' ? (
        <div className="safety-actions">
          <div className="field">
            <label htmlFor={fieldId}>Nota de la decisión</label>
            <input
              id={fieldId}
              maxLength={300}
              placeholder="Por ejemplo: es la misma persona, lo confirmamos con su selfie"
              aria-describedby={`${fieldId}-hint`}
              {...form.register('nota')}
            />
            <p id={`${fieldId}-hint`} className="field-hint">
              Si retiras la foto, le enviamos esta nota por correo a quien la subió: no nombres a la otra
              cuenta.
            </p>
          </div>
          <button type="button" className="button" disabled={busy} onClick={() => void decide('liberar')}>
            Liberar
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void decide('retirar')}
          >
            Retirar
          </button>
        </div>
      ) : hold.nota ? (
        <p className="safety-meta">Nota: {hold.nota}</p>
      ) : null}
    </li>
  );
}

/** Held photos (decision 0177) on the signals page: the pair side by side, and the decision with a note. */
export function PhotoHoldsList({ show }: { show: (kind: 'success' | 'error', text: string) => void }) {
  const list = usePhotoHolds();
  const { busyKey, run } = useAction<string>(useRefresh(photoHoldsPath));
  return (
    <section aria-labelledby="fotos-retenidas-title" className="photo-holds">
      <h2 id="fotos-retenidas-title" className="admin-section-title">
        Fotos retenidas
      </h2>
      <p className="safety-meta">
        Fotos nuevas muy parecidas a una que otra cuenta ya publicó. No se muestran hasta que decidas.
      </p>
      {list.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : list.isError ? (
        <p className="message message-error">No se pudieron cargar las fotos retenidas.</p>
      ) : list.data.length === 0 ? (
        <p>No hay fotos retenidas.</p>
      ) : (
        <ul className="safety-list">
          {list.data.map((h) => (
            <HoldItem
              key={h.id}
              hold={h}
              busy={busyKey !== null}
              onDecide={(action, nota) =>
                void run(
                  () => decidePhotoHold(h.id, action, nota),
                  {
                    onSuccess: (res) => show('success', res.mensaje),
                    onError: (err) => show('error', errorText(err, msg.genericRetry)),
                  },
                  h.id,
                )
              }
              onInvalid={(text) => show('error', text)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
