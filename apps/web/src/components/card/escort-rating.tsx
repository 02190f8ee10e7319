import { useState } from 'react';
import { msg } from '@encanto/core/messages';
import { useSession } from '../../lib/session.ts';
import { useMeetingState, useRefreshMeetings } from '../../lib/api/meetings.ts';
import { rateEscort, useEscortAverages } from '../../lib/api/ratings.ts';
import { AveragesView } from '../ratings/averages-view.tsx';
import { useClientPair } from './cita-button.tsx';
import { RatingForm } from '../ratings/rating-form.tsx';

/**
 * The rating block of /Card/{nickname} for signed-in clients: the escort's
 * averages, and 'Calificar' once the client may rate. As the spec orders it, while
 * comment access is open the client comments first; after that (or once the
 * meeting closed without a comment) the accepted meeting can be rated once.
 */
export function EscortRating({ nickname }: { nickname: string }) {
  const session = useSession();
  const pair = useClientPair(nickname);
  const averages = useEscortAverages(nickname, pair !== null);
  const state = useMeetingState(pair);
  const refresh = useRefreshMeetings();
  const [saved, setSaved] = useState(false);
  if (!pair || !session.nickname) return null;

  const s = state.data;
  const canRate = s !== undefined && s.puedeCalificarUsuario && (s.comentado || !s.acceso);

  return (
    <section className="rating-block" aria-labelledby="calificaciones">
      <h2 id="calificaciones">Calificaciones</h2>
      {averages.isError ? (
        <p className="message message-error">{msg.ratingFetchError}</p>
      ) : averages.data ? (
        <AveragesView averages={averages.data} label={`Promedios de ${nickname}`} />
      ) : (
        <div className="skeleton rating-skeleton" />
      )}
      {canRate ? (
        <RatingForm
          failText={msg.ratingInsertError}
          onSubmit={async (notes) => {
            await rateEscort(pair.nickname_cliente, nickname, notes);
            setSaved(true);
            await refresh();
          }}
        />
      ) : null}
      {saved && !canRate ? (
        <p className="message message-success" role="status">
          {msg.ratingSaved}
        </p>
      ) : null}
    </section>
  );
}
