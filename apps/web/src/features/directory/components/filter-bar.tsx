import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  filterParams,
  filtersFromQuery,
  hasFilters,
  queryString,
  searchGeneroValues,
  searchLimits,
  searchOrderLabels,
  searchOrderValues,
  type ListingFilters,
} from '@encanto/core/search-params';
import { DetailFilters } from './detail-filters.tsx';

/**
 * Gender, age range, available now, with gallery, the profile details under "Más filtros"
 * and the order. A plain GET form, so it
 * works before scripts load; with them, the choice becomes a navigation (Back returns to
 * the previous choice) and a new order applies at once.
 */
export function FilterBar({ pathname, filters }: { pathname: string; filters: ListingFilters }) {
  const navigate = useNavigate();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Back or Forward puts the fields back to what the page on screen says (their defaults). Back
    // before a new choice's page was drawn (a slow phone, a quick thumb) returns to the page still
    // on screen, which React does not draw again: its form kept the choice just left.
    const onPop = () => form.current?.reset();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const apply = (form: HTMLFormElement) => {
    const chosen = filtersFromQuery(new URLSearchParams(new FormData(form) as unknown as string[][]));
    void navigate(`${pathname}${queryString(filterParams(chosen))}`);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  return (
    <form
      ref={form}
      className="filter-bar"
      method="get"
      action={pathname}
      onSubmit={onSubmit}
      aria-label="Filtros"
      // A new URL resets the fields to what it says.
      key={queryString(filterParams(filters))}
    >
      <div className="filter-field">
        <label htmlFor={`${id}-genero`}>Género</label>
        <select id={`${id}-genero`} name="genero" defaultValue={filters.genero ?? ''}>
          <option value="">Todos</option>
          {searchGeneroValues.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="filter-field filter-ages">
        <legend>Edad</legend>
        <label htmlFor={`${id}-min`} className="visually-hidden">
          Edad desde
        </label>
        <input
          id={`${id}-min`}
          name="edad_min"
          type="number"
          inputMode="numeric"
          min={searchLimits.minAge}
          max={searchLimits.maxAge}
          placeholder="18"
          defaultValue={filters.edad_min ?? ''}
        />
        <span aria-hidden="true">a</span>
        <label htmlFor={`${id}-max`} className="visually-hidden">
          Edad hasta
        </label>
        <input
          id={`${id}-max`}
          name="edad_max"
          type="number"
          inputMode="numeric"
          min={searchLimits.minAge}
          max={searchLimits.maxAge}
          placeholder="99"
          defaultValue={filters.edad_max ?? ''}
        />
      </fieldset>
      <label className="filter-check">
        <input type="checkbox" name="disponible" value="true" defaultChecked={filters.disponible ?? false} />
        Disponible ahora
      </label>
      <label className="filter-check">
        <input
          type="checkbox"
          name="con_galeria"
          value="true"
          defaultChecked={filters.con_galeria ?? false}
        />
        Con galería
      </label>
      <label className="filter-check">
        <input
          type="checkbox"
          name="fotos_verificadas"
          value="true"
          defaultChecked={filters.fotos_verificadas ?? false}
        />
        Fotos verificadas
      </label>
      <DetailFilters filters={filters} />
      <div className="filter-field">
        <label htmlFor={`${id}-orden`}>Ordenar por</label>
        <select
          id={`${id}-orden`}
          name="orden"
          defaultValue={filters.orden ?? 'recientes'}
          onChange={(e) => e.currentTarget.form && apply(e.currentTarget.form)}
        >
          {searchOrderValues.map((o) => (
            <option key={o} value={o}>
              {searchOrderLabels[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button type="submit" className="button">
          Filtrar
        </button>
        {hasFilters(filters) ? (
          <Link to={pathname} className="button button-secondary">
            Quitar filtros
          </Link>
        ) : null}
      </div>
    </form>
  );
}
