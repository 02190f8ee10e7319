import { useId } from 'react';
import {
  atiendeFilterValues,
  atiendeLabels,
  formatClp,
  servicioLabels,
  servicioValues,
} from '@encanto/core/profile-details';
import { tarifaMaxChoices, type ListingFilters } from '@encanto/core/search-params';

/**
 * The profile details' filters (decision 0103): rate ceiling, services (all ticked must match) and
 * where she receives. Folded under "Más filtros" so the bar stays short on a phone; open when
 * one of them is in use, so the visitor sees what narrows the list. Part of the bar's GET form.
 */
export function DetailFilters({ filters }: { filters: ListingFilters }) {
  const id = useId();
  const chosen = new Set<string>(filters.servicio ?? []);
  const active = filters.tarifa_max !== undefined || chosen.size > 0 || filters.atiende !== undefined;
  // A ceiling typed into the URL by hand is kept as an option, so the form shows it.
  const ceilings = [
    ...new Set<number>([...tarifaMaxChoices, ...(filters.tarifa_max ? [filters.tarifa_max] : [])]),
  ].sort((a, b) => a - b);
  return (
    <details className="filter-more" open={active}>
      <summary>Más filtros{active ? ' (en uso)' : ''}</summary>
      <div className="filter-more-body">
        <div className="filter-field">
          <label htmlFor={`${id}-tarifa`}>Tarifa máxima</label>
          <select id={`${id}-tarifa`} name="tarifa_max" defaultValue={filters.tarifa_max ?? ''}>
            <option value="">Cualquiera</option>
            {ceilings.map((n) => (
              <option key={n} value={n}>
                Hasta {formatClp(n)}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-field">
          <label htmlFor={`${id}-atiende`}>Atiende</label>
          <select id={`${id}-atiende`} name="atiende" defaultValue={filters.atiende ?? ''}>
            <option value="">Donde sea</option>
            {atiendeFilterValues.map((a) => (
              <option key={a} value={a}>
                {atiendeLabels[a]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="filter-services">
          <legend>Servicio</legend>
          <div className="check-chips">
            {servicioValues.map((s) => (
              <label key={s} className="check-chip">
                <input type="checkbox" name="servicio" value={s} defaultChecked={chosen.has(s)} />
                {servicioLabels[s]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </details>
  );
}
