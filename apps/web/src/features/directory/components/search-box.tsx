import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { pageFilter, searchWords } from '@encanto/core/search-filters';
import { filterParams, queryString, type ListingFilters } from '@encanto/core/search-params';
import { Icon } from '../../../components/ui/icon.tsx';
import type { FilteredState } from './filter-bar.tsx';

const { value } = pageFilter('q');
const maxLength = value.kind === 'text' ? value.max : undefined;

/**
 * The listing's search box on a phone (decision 0163), at the top of the page where the filter bar
 * is folded into its sheet; from 760 px the bar's own field asks (directory.css). A plain GET form
 * that carries the other filters as hidden fields, so it works before scripts load and a search
 * keeps them; with scripts it is a navigation to the results.
 */
export function SearchBox({ pathname, filters }: { pathname: string; filters: ListingFilters }) {
  const id = useId();
  const navigate = useNavigate();
  const others = filterParams({ ...filters, q: undefined });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const typed = new FormData(e.currentTarget).get('q');
    const q = typeof typed === 'string' && searchWords(typed).length ? typed.trim() : undefined;
    const state: FilteredState = { resultados: true };
    void navigate(`${pathname}${queryString(filterParams({ ...filters, q }))}`, { state });
  };
  return (
    <form
      className="search-box"
      role="search"
      method="get"
      action={pathname}
      onSubmit={onSubmit}
      // A new URL puts the box back to what it says.
      key={filters.q ?? ''}
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Buscar escorts
      </label>
      <input
        id={`${id}-q`}
        name="q"
        type="search"
        enterKeyHint="search"
        maxLength={maxLength}
        placeholder="Busca por nombre, comuna, servicio…"
        defaultValue={filters.q ?? ''}
      />
      {others.map(([name, v], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
      ))}
      <button type="submit" className="button search-box-submit" aria-label="Buscar">
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
