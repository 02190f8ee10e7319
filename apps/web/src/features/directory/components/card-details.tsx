import type { EscortPublic } from '@encanto/core/escorts';
import { atiendeLabels, idiomaLabels, servicioLabels, tarifaText } from '@encanto/core/profile-details';

type Details = Partial<Pick<EscortPublic, 'tarifa_desde' | 'servicios' | 'atiende' | 'horario' | 'idiomas'>>;

/** True when she stated at least one detail: the section is left out otherwise. */
export const hasDetails = (d: Details) =>
  d.tarifa_desde != null || !!d.servicios?.length || d.atiende != null || !!d.horario || !!d.idiomas?.length;

/**
 * Rate, services, where she receives, hours and languages (decision 0103), each only when stated.
 * Plain text throughout: React escapes the horario she typed.
 */
export function CardDetails({ escort }: { escort: Details }) {
  if (!hasDetails(escort)) return null;
  const tarifa = tarifaText(escort.tarifa_desde);
  return (
    <section className="profile-card-details" aria-labelledby="detalles">
      <h2 id="detalles">Detalles</h2>
      {tarifa ? <p className="profile-card-tarifa">{tarifa}</p> : null}
      {escort.servicios?.length ? (
        <ul className="detail-chips" aria-label="Servicios">
          {escort.servicios.map((s) => (
            <li key={s} className="chip">
              {servicioLabels[s]}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="profile-card-facts">
        {escort.atiende ? (
          <div>
            <dt>Atiende</dt>
            <dd>{atiendeLabels[escort.atiende]}</dd>
          </div>
        ) : null}
        {escort.idiomas?.length ? (
          <div>
            <dt>Idiomas</dt>
            <dd>{escort.idiomas.map((i) => idiomaLabels[i]).join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {escort.horario ? (
        <div className="profile-card-horario">
          <h3>Horario</h3>
          <p>{escort.horario}</p>
        </div>
      ) : null}
    </section>
  );
}
