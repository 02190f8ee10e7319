import { Link } from 'react-router';
import { formatDateTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { photoHoldDecisionSchema, type PhotoHold } from '@encanto/core/photo-holds';
import { paths } from '../../../config/paths.ts';
import { DecisionQueue, NoteDecision, type QueueItem } from '../../../components/admin/decision-queue.tsx';
import { decidePhotoHold, photoHoldsPath, usePhotoHolds, useRefresh } from '../../../lib/api/safety.ts';
import type { MessageKind } from '../../../lib/use-timed-message.ts';

const stateWord = { en_revision: 'En revisión', liberada: 'Liberada', retirada: 'Retirada' } as const;

const decisions = [
  { decision: 'liberar', label: 'Liberar', className: 'button' },
  { decision: 'retirar', label: 'Retirar', className: 'button button-secondary' },
] as const;

function HoldItem({ hold, queue }: { hold: PhotoHold; queue: QueueItem }) {
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
        <NoteDecision
          queue={queue}
          schema={photoHoldDecisionSchema}
          fallback={msg.photoHoldNoteRequired}
          fieldId={fieldId}
          label="Nota de la decisión"
          placeholder="Por ejemplo: es la misma persona, lo confirmamos con su selfie"
          hint="Si retiras la foto, le enviamos esta nota por correo a quien la subió: no nombres a la otra cuenta."
          decisions={decisions}
          onDecide={(action, nota) => decidePhotoHold(hold.id, action, nota)}
        />
      ) : hold.nota ? (
        <p className="safety-meta">Nota: {hold.nota}</p>
      ) : null}
    </li>
  );
}

/** Held photos (decision 0177) on the signals page: the pair side by side, and the decision with a note. */
export function PhotoHoldsList({ show }: { show: (kind: MessageKind, text: string) => void }) {
  return (
    <DecisionQueue
      titleId="fotos-retenidas-title"
      title="Fotos retenidas"
      className="photo-holds"
      intro="Fotos nuevas muy parecidas a una que otra cuenta ya publicó. No se muestran hasta que decidas."
      list={usePhotoHolds()}
      refresh={useRefresh(photoHoldsPath)}
      loadError="No se pudieron cargar las fotos retenidas."
      empty="No hay fotos retenidas."
      keyOf={(h) => h.id}
      item={(h, queue) => <HoldItem hold={h} queue={queue} />}
      show={show}
    />
  );
}
