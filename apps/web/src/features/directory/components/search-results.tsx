import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { EscortSearchResult } from '@encanto/core/search';
import { msg } from '@encanto/core/messages';
import { hasFilters, listingApiPath, profileCount, type ListingPlace } from '@encanto/core/search-params';
import { EscortGrid } from '../../../components/escort-card.tsx';
import { useApiMorePages, useApiQuery } from '../../../lib/query.ts';
import { FilterBar } from './filter-bar.tsx';
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
  label,
  emptyText,
}: {
  place: ListingPlace;
  city?: string | undefined;
  label: string;
  emptyText: string;
}) {
  const { url, path, query } = useListingResults(place);
  const { pages: more, add: addPage } = useApiMorePages<EscortSearchResult>(path);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);

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
      <FilterBar pathname={url.pathname} filters={url.filters} />
      {first?.de_visita?.length ? <VisitorsSection escorts={first.de_visita} city={city} /> : null}
      {query.isPending ? (
        <GridSkeleton />
      ) : first && first.total > 0 ? (
        <div ref={grid}>
          <p className="listing-count" role="status">
            {profileCount(first.total, first.total_exacto)}
            {url.pagina > 1 ? ` · página ${url.pagina}` : ''}
          </p>
          <EscortGrid escorts={items} city={city} label={label} />
        </div>
      ) : (
        <p className="empty">{hasFilters(url.filters) ? msg.noMatches : emptyText}</p>
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
