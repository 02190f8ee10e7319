import { todayInChile } from '@encanto/core/chile-time';
import type { Visit } from '@encanto/core/touring';
import { visitRange } from '@encanto/core/touring-dates';

/** Her tour on the card (decision 0102): "De visita en Temuco del 3 al 7 de diciembre", then coming visits. */
export function CardVisits({ visits }: { visits: Visit[] }) {
  if (visits.length === 0) return null;
  const today = todayInChile(new Date());
  return (
    <ul className="card-visits" aria-label="Gira">
      {visits.map((v) => {
        const now = v.desde <= today && today <= v.hasta;
        return (
          <li key={`${v.ciudad}-${v.desde}`}>
            <span className={`visit-badge${now ? '' : ' visit-badge-later'}`}>
              {now ? 'De visita' : 'Próxima visita'}
            </span>{' '}
            en {v.ciudad} {visitRange(v.desde, v.hasta)}
          </li>
        );
      })}
    </ul>
  );
}
