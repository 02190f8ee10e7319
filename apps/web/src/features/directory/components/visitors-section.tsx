import { useId } from 'react';
import type { VisitorCard } from '@encanto/core/touring-listing';
import { EscortGrid } from '../../../components/escort-card.tsx';

/**
 * Escorts visiting this place today (decision 0102), above the place's own profiles: the search
 * answers them apart (`de_visita`), so its pages and counts stay those of the residents.
 */
export function VisitorsSection({ escorts, city }: { escorts: VisitorCard[]; city?: string | undefined }) {
  const id = useId();
  return (
    <section className="listing-visitors" aria-labelledby={id}>
      <h2 id={id} className="listing-visitors-title">
        De visita {city ? `en ${city}` : 'en esta zona'}
      </h2>
      <EscortGrid escorts={escorts} city={city} label={city ? `De visita en ${city}` : 'De visita'} />
    </section>
  );
}
