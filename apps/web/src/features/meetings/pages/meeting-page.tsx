import { Link, useParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { ClientAvatar } from '../../../components/requests/client-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useMyMeetings } from '../../../lib/api/meetings.ts';
import { ConversationPanel } from '../components/conversation-panel.tsx';
import { MeetingActions } from '../components/meeting-actions.tsx';
import { AttendancePanel } from '../components/attendance-panel.tsx';
import { MeetingFacts } from '../components/meeting-facts.tsx';
import { ReviewSummary } from '../components/review-summary.tsx';
import { StatusChip } from '../components/status-chip.tsx';

/** /Cita/{id}: one meeting for either side: details, answers, the conversation and both reviews. */
export default function MeetingPage() {
  const { id = '' } = useParams();
  const site = useSite();
  useHead({ title: `Cita – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth>
      <MeetingView id={id} />
    </RequireAuth>
  );
}

function MeetingView({ id }: { id: string }) {
  const session = useSession();
  const query = useMyMeetings();
  const back =
    session.role === 'usuario'
      ? { to: paths.requests, label: 'Solicitudes' }
      : { to: paths.myMeetings, label: 'Mis citas' };
  const m = query.data?.citas.find((c) => c.id === id);

  if (query.isPending) {
    return (
      <div className="page meeting-page" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton" style={{ height: 320 }} />
      </div>
    );
  }
  if (!m) {
    return (
      <div className="page meeting-page">
        <Link className="back-link" to={back.to}>
          ← {back.label}
        </Link>
        <p className="message message-error" role="alert">
          {query.isError ? msg.meetingsLoadError : msg.conversationNotFound}
        </p>
      </div>
    );
  }
  const name = m.otra_parte.nombre || m.otra_parte.nickname;
  const accepted = m.conversacion_hasta !== null;

  return (
    <div className="page meeting-page">
      <Link className="back-link" to={back.to}>
        ← {back.label}
      </Link>
      <header className="meeting-page-head">
        <ClientAvatar url={m.otra_parte.url} nickname={m.otra_parte.nickname} size={64} />
        <div>
          <h1 className="meeting-page-title">Cita con {name}</h1>
          <p className="meeting-card-nick">@{m.otra_parte.nickname}</p>
        </div>
        <StatusChip meeting={m} />
      </header>
      <div className="meeting-layout">
        <div className="meeting-main">
          <section className="form-card meeting-detail" aria-label="Detalle de la cita">
            <MeetingFacts meeting={m} />
            <MeetingActions meeting={m} onPage />
            <AttendancePanel meeting={m} />
          </section>
          <ReviewSummary meeting={m} />
        </div>
        <section className="form-card meeting-chat" aria-labelledby="chat-title">
          <h2 id="chat-title">Conversación</h2>
          {accepted ? (
            <ConversationPanel meetingId={m.id} otherName={name} />
          ) : (
            <p className="chat-empty">{msg.conversationNotOpen}</p>
          )}
        </section>
      </div>
    </div>
  );
}
