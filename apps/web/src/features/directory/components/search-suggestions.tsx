import { Link } from 'react-router';
import type { SearchSuggestion } from '@encanto/core/search';
import { filterParams, profileCount, queryString, type ListingFilters } from '@encanto/core/search-params';
import { paths } from '../../../config/paths.ts';
import type { FilteredState } from './filter-bar.tsx';

/**
 * What a text search that found nothing offers (decision 0164), as the API found it with its count:
 * the same words in all of Chile without the other filters, or a near spelling with the same ones.
 * Plain links, so they work without scripts too.
 */
export function SearchSuggestions({
  pathname,
  filters,
  suggestions,
}: {
  pathname: string;
  filters: ListingFilters;
  suggestions: SearchSuggestion[];
}) {
  return (
    <div className="search-suggestions">
      <p className="search-suggestions-title">Prueba con:</p>
      <ul>
        {suggestions.map((s) => {
          const href = s.filtros
            ? `${pathname}${queryString(filterParams({ ...filters, q: s.q }))}`
            : `${paths.escorts}${queryString([['q', s.q]])}`;
          const count = profileCount(s.total, true, 'resultado', 'resultados');
          return (
            <li key={href}>
              <Link
                to={href}
                state={{ resultados: true } satisfies FilteredState}
                className="search-suggestion"
              >
                {s.filtros ? (
                  <span>
                    ¿Quisiste decir <strong>«{s.q}»</strong>?
                  </span>
                ) : (
                  <span>
                    <strong>«{s.q}»</strong> en todo Chile, sin otros filtros
                  </span>
                )}
                <span className="search-suggestion-count">{count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
