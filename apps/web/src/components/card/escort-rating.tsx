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
 * averages (published ratings only), and 'Calificar' while one of his accepted
 * meetings is in its review window and not rated by him, whatever the escort
 * did. His rating counts once both rated or the window ends; the message says which.
 */
export function EscortRating({ nickname }: { nickname: string }) {
  const session = useSession();
  const pair = useClientPair(nickname);
  const averages = useEscortAverages(nickname, pair !== null);
  const state = useMeetingState(pair);
  const refresh = useRefreshMeetings();
  const [saved, setSaved] = useState<string | null>(null);
  if (!pair || !session.nickname) return null;

  const canRate = state.data?.puedeCalificarUsuario === true;

  return (
    <section className="rating-block" aria-labelledby="calificaciones-title" id="calificaciones">
      <h2 id="calificaciones-title">Calificaciones</h2>
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
            const before = averages.data?.total ?? 0;
            const after = await rateEscort(pair.nickname_cliente, nickname, notes);
            // Published at once only when her rating of him was already in.
            setSaved(after.total > before ? msg.ratingSaved : msg.ratingSavedHidden);
            await Promise.all([refresh(), averages.refetch()]);
          }}
        />
      ) : null}
      {saved && !canRate ? (
        <p className="message message-success" role="status">
          {saved}
        </p>
      ) : null}
    </section>
  );
}
