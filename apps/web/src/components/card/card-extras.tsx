import { msg } from '@encanto/core/messages';
import { useSession } from '../../lib/session.ts';
import { useEscortAverages } from '../../lib/api/ratings.ts';
import { AveragesView } from '../ratings/averages-view.tsx';
import { EscortRating } from './escort-rating.tsx';

/**
 * What the card shows at the rating slot: clients get the rating block; the
 * escort on her own card and admins get her averages. The comments are in the
 * card's "Comentarios" section for them too, read-only (decision 0156).
 */
export function CardRatingSlot({ nickname, own }: { nickname: string; own: boolean }) {
  const session = useSession();
  if (session.role === 'cliente' && !own) return <EscortRating nickname={nickname} />;
  const moderator = (own && session.role === 'usuario') || session.role === 'admin';
  return moderator ? <Moderation nickname={nickname} own={own} /> : null;
}

function Moderation({ nickname, own }: { nickname: string; own: boolean }) {
  const averages = useEscortAverages(nickname, true);
  return (
    <section className="rating-block" aria-labelledby="reputacion">
      <h2 id="reputacion">{own ? 'Tus calificaciones' : 'Calificaciones'}</h2>
      {averages.isError ? (
        <p className="message message-error">{msg.ratingFetchError}</p>
      ) : averages.data ? (
        <AveragesView averages={averages.data} label={`Promedios de ${nickname}`} />
      ) : (
        <div className="skeleton rating-skeleton" />
      )}
    </section>
  );
}
