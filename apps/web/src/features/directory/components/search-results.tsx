import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { EscortSearchResult } from '@encanto/core/search';
import { msg } from '@encanto/core/messages';
import { filterChips } from '@encanto/core/search-filters';
import {
  filterParams,
  hasFilters,
  listingApiPath,
  profileCount,
  queryString,
  type ListingPlace,
} from '@encanto/core/search-params';
import { EscortGrid } from '../../../components/escort-card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useApiMorePages, useApiQuery } from '../../../lib/query.ts';
import { FilterBar, type FilteredState } from './filter-bar.tsx';
import { SearchBox } from './search-box.tsx';
import { SaveSearch } from './save-search.tsx';
import { SearchSuggestions } from './search-suggestions.tsx';
import { VisitorsSection } from './visitors-section.tsx';
import { GridSkeleton } from './grid-skeleton.tsx';
import { listingPageHref, useListingUrl } from './use-listing-url.ts';

/** The search's answer for a page, as the pages read it (the server renders the same call). */
export function useListingResults(place: ListingPlace) {
  const url = useListingUrl();
  const path = listingApiPath(place, url.filters, url.cursor, url.pagina);
  return { url, path, query: useApiQuery<EscortSearchResult>(path) };
}

/**
 * Filter bar, the result count, the cards and the pages of one listing. Pages are plain links
 * (crawlable, and what a visitor without scripts follows); with scripts, "Ver más" adds the
 * next page below the cards without leaving the page. The pages it added are kept in the query
 * cache under this page's call, so Back from a card shows them again.
 */
export function SearchResults({
  place,
  city,
  placeName,
  label,
  emptyText,
}: {
  place: ListingPlace;
  city?: string | undefined;
  /** The place's name for "Guardar búsqueda" (a region's; else the city's). */
  placeName?: string | undefined;
  label: string;
  emptyText: string;
}) {
  const { url, path, query } = useListingResults(place);
  const { pages: more, add: addPage } = useApiMorePages<EscortSearchResult>(path);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  const location = useLocation();
  const outcome = useRef<HTMLDivElement>(null);
  const shownOutcome = useRef<string | null>(null);

  const first = query.data;
  const items = first ? [first, ...more].flatMap((p) => p.items) : [];
  const last = more.at(-1) ?? first;
  const shownPages = 1 + more.length;
  const nextHref = last?.siguiente
    ? listingPageHref(url.pathname, url.filters, url.pagina + shownPages, last.siguiente)
    : null;
  const prevHref =
    first && url.pagina > 1
      ? listingPageHref(url.pathname, url.filters, url.pagina - 1, url.pagina - 1 > 1 ? first.anterior : null)
      : null;

  // Keyboard users continue on the first card "Ver más" brought, not back at the top.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    const links = grid.current?.querySelectorAll<HTMLAnchorElement>('.escort-card-link');
    links?.[from]?.focus({ preventScroll: true });
  }, [more.length]);

  // After "Filtrar" the page moves to what it found and says how many (decision 0142): on a phone the
  // filters were a sheet over the page, and the count is where the answer starts. Once per navigation.
  const filtered = (location.state as FilteredState | null)?.resultados === true;
  useEffect(() => {
    if (!filtered || query.isPending || shownOutcome.current === location.key) return;
    shownOutcome.current = location.key;
    const target = outcome.current;
    if (!target) return;
    // Below the sticky navbar, whose height changes with the width (two rows on a phone).
    const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
    const top = target.getBoundingClientRect().top + window.scrollY - Math.max(navbar, 0) - 8;
    window.scrollTo({ top: Math.max(top, 0) });
    target.focus({ preventScroll: true });
  }, [filtered, query.isPending, location.key]);

  const chips = filterChips(url.filters);

  const loadMore = async () => {
    if (!last?.siguiente || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      // Set before the page lands: its render moves focus to the first new card.
      focusFrom.current = items.length;
      await addPage(listingApiPath(place, url.filters, last.siguiente));
    } catch {
      focusFrom.current = null;
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <SearchBox pathname={url.pathname} filters={url.filters} />
      <FilterBar pathname={url.pathname} filters={url.filters} />
      <SaveSearch place={place} placeName={placeName ?? city} filters={url.filters} />
      {first?.de_visita?.length ? <VisitorsSection escorts={first.de_visita} city={city} /> : null}
      {query.isPending ? (
        <GridSkeleton />
      ) : first && first.total > 0 ? (
        <div ref={grid}>
          <div ref={outcome} tabIndex={-1} className="listing-outcome">
            <p className="listing-count" role="status">
              {url.filters.q === undefined
                ? profileCount(first.total, first.total_exacto)
                : `${profileCount(first.total, first.total_exacto, 'resultado', 'resultados')} para «${url.filters.q}»`}
              {url.pagina > 1 ? ` · página ${url.pagina}` : ''}
            </p>
          </div>
          <EscortGrid escorts={items} city={city} label={label} />
        </div>
      ) : (
        <div ref={outcome} tabIndex={-1} className="listing-outcome listing-empty">
          <p className="empty" role="status">
            {url.filters.q !== undefined
              ? msg.noTextMatches(url.filters.q)
              : hasFilters(url.filters)
                ? msg.noMatches
                : emptyText}
          </p>
          {first?.sugerencias?.length ? (
            <SearchSuggestions
              pathname={url.pathname}
              filters={url.filters}
              suggestions={first.sugerencias}
            />
          ) : null}
          {chips.length ? (
            <ul className="active-filters" aria-label="Filtros en uso">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Link
                    to={`${url.pathname}${queryString(filterParams(chip.without))}`}
                    state={{ resultados: true } satisfies FilteredState}
                    className="chip chip-link active-filter"
                    aria-label={`Quitar filtro ${chip.label}`}
                  >
                    {chip.label}
                    <Icon name="close" size={16} />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      {nextHref ? (
        <p className="listing-more">
          <a
            href={nextHref}
            className="button button-secondary"
            aria-busy={loading}
            onClick={(e) => {
              e.preventDefault();
              void loadMore();
            }}
          >
            {loading ? 'Cargando…' : 'Ver más'}
          </a>
          {failed ? (
            <span className="message message-error" role="alert">
              No se pudo cargar más perfiles. Inténtalo de nuevo.
            </span>
          ) : null}
        </p>
      ) : null}
      {prevHref || nextHref ? (
        <nav className="listing-pages" aria-label="Páginas">
          {prevHref ? (
            <Link to={prevHref} rel="prev">
              ← Página anterior
            </Link>
          ) : (
            <span />
          )}
          {nextHref ? (
            <Link to={nextHref} rel="next">
              Página siguiente →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
