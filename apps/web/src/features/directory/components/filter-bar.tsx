import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { filterChips, pageFilter, pageFilterNames } from '@encanto/core/search-filters';
import {
  filterParams,
  filtersFromQuery,
  hasFilters,
  queryString,
  relevanceOrderLabel,
  searchOrderLabels,
  searchOrderValues,
  type ListingFilters,
} from '@encanto/core/search-params';
import { Icon } from '../../../components/ui/icon.tsx';
import { FilterFields } from './filter-fields.tsx';

/** Folded under "Más filtros": open when one of them is in use, so the visitor sees what narrows the list. */
const folded = pageFilterNames.filter((name) => pageFilter(name).panel === 'more');

/** Navigation state of a "Filtrar": the results then take the screen (search-results.tsx). */
export interface FilteredState {
  resultados: true;
}

/**
 * The filters (FilterFields, from their descriptor), the profile details under "Más filtros", and
 * the order. A plain GET form, so it works before scripts load; with them, the choice becomes a
 * navigation (Back returns to the previous choice) and a new order applies at once.
 *
 * On a phone the form is folded into one "Filtros (n)" button that opens it as a sheet (decision
 * 0142), so the first profiles are on the first screen. The sheet is a popover opened by the
 * button's `popovertarget`: it opens before the app's scripts run too. From 760 px the form is
 * shown in place and the button is hidden (directory.css).
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
  const sheet = useRef<HTMLDivElement>(null);
  const closeSheet = () => {
    if (sheet.current?.matches(':popover-open')) sheet.current.hidePopover();
  };
  const apply = (form: HTMLFormElement, toResults = false) => {
    const chosen = filtersFromQuery(new URLSearchParams(new FormData(form) as unknown as string[][]));
    // Without words, "Más recientes" is the default order: words typed with it give relevance, the
    // default of a text search (decision 0163), rather than keeping "recientes" as a choice.
    if (filters.q === undefined && chosen.q !== undefined && chosen.orden === 'recientes')
      chosen.orden = undefined;
    const state: FilteredState | undefined = toResults ? { resultados: true } : undefined;
    closeSheet();
    void navigate(`${pathname}${queryString(filterParams(chosen))}`, { state });
  };
  const active = folded.some((name) => filters[name] !== undefined);
  const count = filterChips(filters).length;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget, true);
  };
  return (
    <div className="filter-bar-wrap">
      <button type="button" className="button button-secondary filter-toggle" popoverTarget={`${id}-hoja`}>
        <Icon name="filter" size={18} />
        Filtros{count ? ` (${count})` : ''}
      </button>
      <div id={`${id}-hoja`} ref={sheet} popover="auto" className="filter-sheet">
        <div className="filter-sheet-head">
          <h2 className="filter-sheet-title">Filtros</h2>
          <button
            type="button"
            className="filter-sheet-close"
            popoverTarget={`${id}-hoja`}
            popoverTargetAction="hide"
            aria-label="Cerrar filtros"
          >
            <Icon name="close" size={20} />
          </button>
        </div>
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
          <FilterFields filters={filters} panel="main" />
          <details className="filter-more" open={active}>
            <summary>Más filtros{active ? ' (en uso)' : ''}</summary>
            <div className="filter-more-body">
              <FilterFields filters={filters} panel="more" />
            </div>
          </details>
          <div className="filter-field">
            <label htmlFor={`${id}-orden`}>Ordenar por</label>
            <select
              id={`${id}-orden`}
              name="orden"
              defaultValue={filters.orden ?? (filters.q === undefined ? 'recientes' : '')}
              onChange={(e) => e.currentTarget.form && apply(e.currentTarget.form)}
            >
              {/* A text search is in order of relevance unless another is chosen (decision 0163). */}
              {filters.q === undefined ? null : <option value="">{relevanceOrderLabel}</option>}
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
              <Link to={pathname} className="button button-secondary" onClick={closeSheet}>
                Quitar filtros
              </Link>
            ) : null}
          </div>
        </form>
      </div>
    </div>
  );
}
