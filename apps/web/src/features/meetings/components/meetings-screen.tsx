import { useSearchParams } from 'react-router';
import { msg } from '@encanto/core/messages';
import { meetingGroupValues, type MeetingGroup } from '@encanto/core/meetings';
import { useMyMeetings } from '../../../lib/api/meetings.ts';
import { MeetingCard } from './meeting-card.tsx';

const tabLabels: Record<MeetingGroup, string> = {
  por_responder: 'Por responder',
  proximas: 'Próximas',
  pasadas: 'Pasadas',
};

const empty: Record<'client' | 'escort', Record<MeetingGroup, string>> = {
  client: {
    por_responder: 'Nada por responder: cuando te propongan otra hora, aparecerá aquí.',
    proximas: 'No tienes citas próximas. Pide una desde el perfil que te guste.',
    pasadas: 'Aún no tienes citas pasadas.',
  },
  escort: {
    por_responder: 'No tienes solicitudes por responder.',
    proximas: 'No tienes citas próximas.',
    pasadas: 'Aún no tienes citas pasadas.',
  },
};

const isGroup = (v: string | null): v is MeetingGroup =>
  v !== null && (meetingGroupValues as readonly string[]).includes(v);

/**
 * "Mis citas" (client) and "Solicitudes" (escort): the caller's meetings in three
 * tabs, kept in the URL (?tab=) so a tab can be linked and survives a reload.
 * The list polls, so answers and new messages appear without reloading.
 */
export function MeetingsScreen({
  side,
  title,
  intro,
}: {
  side: 'client' | 'escort';
  title: string;
  intro: string;
}) {
  const query = useMyMeetings();
  const [params, setParams] = useSearchParams();
  const list = query.data?.citas ?? [];
  const counts = Object.fromEntries(
    meetingGroupValues.map((g) => [g, list.filter((m) => m.grupo === g).length]),
  ) as Record<MeetingGroup, number>;
  const asked = params.get('tab');
  // Without a tab in the URL, open where something waits, else the upcoming ones.
  const tab: MeetingGroup = isGroup(asked) ? asked : counts.por_responder > 0 ? 'por_responder' : 'proximas';
  const shown = list.filter((m) => m.grupo === tab);

  return (
    <section className="page meetings-page" aria-labelledby="meetings-title">
      <h1 id="meetings-title" className="page-title">
        {title}
      </h1>
      <p className="meetings-intro">{intro}</p>
      <div className="meetings-tabs" role="tablist" aria-label={title}>
        {meetingGroupValues.map((g) => (
          <button
            key={g}
            type="button"
            role="tab"
            id={`tab-${g}`}
            aria-selected={g === tab}
            aria-controls="meetings-panel"
            className={g === tab ? 'meetings-tab active' : 'meetings-tab'}
            onClick={() => setParams({ tab: g }, { replace: true })}
          >
            {tabLabels[g]}
            {counts[g] > 0 ? <span className="meetings-tab-count">{counts[g]}</span> : null}
          </button>
        ))}
      </div>
      <div id="meetings-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {query.isPending ? (
          <div className="skeleton meetings-skeleton" />
        ) : query.isError ? (
          <p className="message message-error">{msg.meetingsLoadError}</p>
        ) : shown.length === 0 ? (
          <p className="meetings-empty">{empty[side][tab]}</p>
        ) : (
          <ul className="meetings-list" data-testid="meetings-list">
            {shown.map((m) => (
              <MeetingCard key={m.id} meeting={m} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
