import { useId } from 'react';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { Visit } from '@encanto/core/touring';
import { visitRange } from '@encanto/core/touring-dates';
import { DashboardPage } from '../../../components/dashboard/dashboard-page.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { saveGira, useGira } from '../api/gira.ts';
import { GiraEditor } from '../components/gira-editor.tsx';

/**
 * /panel/gira: the visits she announces to other comunas (up to 3, within 90 days). While a
 * visit lasts she also appears in that comuna's listing, marked "De visita" with its dates.
 */
export default function GiraPage() {
  const id = useId();
  const gira = useGira();
  const [message, show] = useTimedMessage(5000);
  const { busyKey, run } = useAction<number>(gira.refetch);
  const saved = gira.data ?? [];
  const today = todayInChile(new Date());

  const remove = (index: number) =>
    run(
      () => saveGira(saved.filter((_, i) => i !== index)),
      {
        onSuccess: () => show('success', 'Quitaste la visita de tu gira.'),
        onError: (err) => show('error', errorText(err, 'No se pudo quitar la visita.')),
      },
      index,
    );

  return (
    <DashboardPage
      title="Gira"
      className="profile-main gira-page"
      intro="Anuncia hasta 3 visitas a otras comunas. Mientras dure cada visita, apareces también en el listado de esa comuna con la marca «De visita» y las fechas."
    >
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
      {gira.isPending ? (
        <div className="skeleton profile-skeleton-block" aria-busy="true" />
      ) : gira.isError ? (
        <p className="message message-error" role="alert">
          {errorText(gira.error, 'No se pudo cargar tu gira.')}
        </p>
      ) : (
        <>
          <section className="form-card" aria-labelledby={`${id}-saved`}>
            <h2 id={`${id}-saved`} className="dashboard-section-title">
              Tus visitas
            </h2>
            {saved.length === 0 ? (
              <p className="dashboard-intro">Aún no anuncias visitas.</p>
            ) : (
              <ul className="gira-list">
                {saved.map((v, i) => (
                  <li key={`${v.ciudad}-${v.desde}`} className="gira-item">
                    <div className="gira-item-text">
                      <strong>{v.ciudad}</strong>
                      <span>{capitalize(visitRange(v.desde, v.hasta))}</span>
                      <VisitState visit={v} today={today} />
                    </div>
                    <button
                      type="button"
                      className="button button-secondary gira-remove"
                      disabled={busyKey !== null}
                      aria-label={`Quitar la visita a ${v.ciudad}`}
                      onClick={() => void remove(i)}
                    >
                      {busyKey === i ? 'Quitando…' : 'Quitar'}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <GiraEditor
            // A new saved list starts the form again from it.
            key={JSON.stringify(saved)}
            saved={saved}
            today={today}
            refresh={gira.refetch}
            onSaved={() => show('success', msg.giraSaved)}
            onFailed={(text) => show('error', text)}
          />
        </>
      )}
    </DashboardPage>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function VisitState({ visit, today }: { visit: Visit; today: string }) {
  const now = visit.desde <= today && today <= visit.hasta;
  return (
    <span className={`visit-badge${now ? '' : ' visit-badge-later'}`}>{now ? 'En curso' : 'Próxima'}</span>
  );
}
