import { Link } from 'react-router';
import { formatMeetingTime } from '@encanto/core/chile-time';
import { clientRatingCriteria, ratingCriteria } from '@encanto/core/constants';
import type { MyMeeting, ReviewView } from '@encanto/core/meetings';
import { reviewPath } from './meeting-actions.tsx';

/** A client's review of an escort uses the escort criteria; an escort's of a client his own (decision 0157). */
type Criteria = readonly string[];

function Notes({ notas, criteria }: { notas: NonNullable<ReviewView['notas']>; criteria: Criteria }) {
  const values = [notas.nota1, notas.nota2, notas.nota3, notas.nota4, notas.nota5];
  return (
    <dl className="review-notes">
      {criteria.map((c, i) => (
        <div key={c}>
          <dt>{c}</dt>
          <dd>{values[i]}</dd>
        </div>
      ))}
    </dl>
  );
}

function Review({ review, criteria }: { review: ReviewView; criteria: Criteria }) {
  return (
    <>
      {review.notas ? <Notes notas={review.notas} criteria={criteria} /> : null}
      {review.comentario ? <p className="review-comment">“{review.comentario}”</p> : null}
    </>
  );
}

/**
 * Both sides' reviews of the meeting, double-blind: the caller's own at once
 * (marked until when it waits), the other side's only once published (both
 * reviewed, or the 14-day window ended).
 */
export function ReviewSummary({ meeting: m }: { meeting: MyMeeting }) {
  const r = m.resena;
  if (!r.hasta) return null;
  const other = m.otra_parte.nombre || m.otra_parte.nickname;
  const until = formatMeetingTime(r.hasta);
  const open = m.acciones.includes('calificar') || m.acciones.includes('comentar');
  const mine = m.rol === 'client' ? ratingCriteria : clientRatingCriteria;
  const theirs = m.rol === 'client' ? clientRatingCriteria : ratingCriteria;
  return (
    <section
      className="form-card meeting-reviews"
      aria-labelledby="resenas-title"
      data-testid="meeting-reviews"
    >
      <h2 id="resenas-title">Calificaciones</h2>
      <div className="review-block">
        <h3>Tu calificación</h3>
        {r.mia ? (
          <>
            <Review review={r.mia} criteria={mine} />
            {r.mia_publicada ? null : (
              <p className="review-wait">
                Se publicará cuando {other} también califique o el {until}, lo que ocurra primero.
              </p>
            )}
          </>
        ) : (
          <p className="review-none">
            {open
              ? `Aún no calificas esta cita. Tienes hasta el ${until}.`
              : r.desde
                ? `Podrás calificar esta cita desde el ${formatMeetingTime(r.desde)}, la hora de la cita.`
                : 'No calificaste esta cita.'}
          </p>
        )}
        {open ? (
          <Link className="button button-secondary review-go" to={reviewPath(m)}>
            {r.mia ? 'Completar calificación' : 'Calificar'}
          </Link>
        ) : null}
      </div>
      <div className="review-block">
        <h3>Calificación de {other}</h3>
        {r.suya ? (
          <Review review={r.suya} criteria={theirs} />
        ) : (
          <p className="review-none">
            {r.suya_pendiente
              ? `${other} ya calificó. Verás su calificación cuando califiques tú o el ${until}.`
              : `${other} aún no califica.`}
          </p>
        )}
      </div>
    </section>
  );
}
