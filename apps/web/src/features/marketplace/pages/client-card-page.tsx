import { clientRatingCriteria } from '@encanto/core/constants';
import { useState } from 'react';
import { useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { useHead } from '../../../lib/head.tsx';
import { setStored, useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useClientCard, useRefreshMeetings } from '../../../lib/api/meetings.ts';
import { rateClient, useClientAverages } from '../../../lib/api/ratings.ts';
import { AveragesView } from '../../../components/ratings/averages-view.tsx';
import { AlertBadges } from '../../../components/safety/alert-badges.tsx';
import { AttendanceRecord } from '../../../components/attendance/attendance-record.tsx';
import { ClientAvatar } from '../../../components/requests/client-avatar.tsx';
import { RatingForm } from '../../../components/ratings/rating-form.tsx';

/**
 * /CardCliente/{nickname}: the client card an escort opens from her requests.
 * The server shows it only to escorts with a meeting with this client (and
 * admins); anyone else reads the spec's "not found" text.
 */
export default function ClientCardPage() {
  const { nickname = '' } = useParams();
  const site = useSite();
  useHead({ title: `Perfil del cliente: ${nickname} – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth>
      <ClientCardView nickname={nickname} />
    </RequireAuth>
  );
}

function ClientCardView({ nickname }: { nickname: string }) {
  const session = useSession();
  const allowed = session.role === 'usuario' || session.role === 'admin';
  const card = useClientCard(nickname, allowed);
  const averages = useClientAverages(nickname, allowed && card.isSuccess);
  const refresh = useRefreshMeetings();
  const [saved, setSaved] = useState<string | null>(null);

  if (!allowed || card.isError) {
    return (
      <section className="page client-card-page">
        <p className="message message-error" role="alert">
          {msg.clientCardMissing}
        </p>
      </section>
    );
  }
  if (card.isPending) {
    return (
      <section className="page client-card-page" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton" style={{ height: 260 }} />
      </section>
    );
  }
  const c = card.data;
  const isEscort = session.role === 'usuario' && session.nickname !== null;

  return (
    <section className="page client-card-page">
      <h1 className="page-title">Perfil del cliente: {c.nickname}</h1>
      <AlertBadges alertas={c.alertas} />
      <AttendanceRecord counts={c} of="client" />
      <div className="client-card">
        <ClientAvatar url={c.url} nickname={c.nickname} size={220} alt={`Foto de ${c.nickname}`} />
        <dl className="client-card-facts">
          <div>
            <dt>Nickname</dt>
            <dd>{c.nickname}</dd>
          </div>
          <div>
            <dt>Género</dt>
            <dd>{c.genero}</dd>
          </div>
        </dl>
      </div>
      <section className="form-card rating-block" aria-labelledby="calificacion-cliente">
        <h2 id="calificacion-cliente">Calificaciones del cliente</h2>
        {averages.isError ? (
          <p className="message message-error">{msg.clientRatingFetchError}</p>
        ) : averages.data ? (
          <AveragesView
            averages={averages.data}
            label={`Promedios de ${c.nickname}`}
            criteria={clientRatingCriteria}
          />
        ) : (
          <div className="skeleton rating-skeleton" />
        )}
        {isEscort && c.puedeCalificar ? (
          <RatingForm
            failText={msg.clientRatingInsertError}
            criteria={clientRatingCriteria}
            comment
            onSubmit={async ({ comentario, ...notes }) => {
              const before = averages.data?.total ?? 0;
              const after = await rateClient(session.nickname ?? '', c.nickname, notes, comentario);
              // The meeting is rated: its conversation token has no further use.
              setStored({ token_conversacion: null });
              // Published at once only when the client had already rated her.
              setSaved(after.total > before ? msg.ratingSaved : msg.ratingSavedHidden);
              await Promise.all([refresh(), card.refetch(), averages.refetch()]);
            }}
          />
        ) : null}
        {saved ? (
          <p className="message message-success" role="status">
            {saved}
          </p>
        ) : null}
      </section>
    </section>
  );
}
