import { msg } from '@encanto/core/messages';
import {
  savedSearchHref,
  savedSearchLimit,
  savedSearchNoticeText,
  type SavedSearch,
  type SavedSearchBody,
} from '@encanto/core/saved-searches';
import { escortSearchQuerySchema } from '@encanto/core/search';
import type { SearchFilters } from '@encanto/core/search-filters';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { findAccountById } from '../accounts/service.ts';
import { newMatches, placementHighWater } from '../directory/service.ts';
import { notifySavedSearch } from '../notifications/service.ts';
import * as q from './queries.ts';

const DAY_MS = 24 * 3600 * 1000;

const view = (row: q.SavedSearchRow): SavedSearch => ({
  id: row.id,
  nombre: row.nombre,
  filtros: row.filtros,
  enlace: savedSearchHref(row.filtros),
  creada: row.createdAt.toISOString(),
});

/** GET /api/busquedas: the caller's saved searches, oldest first. */
export async function mySearches(db: DbOrTx, accountId: string): Promise<SavedSearch[]> {
  return (await q.searchesOf(db, accountId)).map(view);
}

/**
 * POST /api/busquedas (decision 0175): at most 10 per client. The search starts at today's placements, so
 * only profiles placed after it is saved are news (decision 0176).
 */
export async function saveSearch(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  body: SavedSearchBody,
): Promise<SavedSearch> {
  const row = await deps.db.transaction(async (tx) =>
    q.insertSearch(
      tx,
      {
        accountId,
        nombre: body.nombre,
        filtros: body.filtros,
        seenSeq: await placementHighWater(tx),
        now: deps.clock.now(),
      },
      savedSearchLimit,
    ),
  );
  if (!row) throw conflict(msg.savedSearchLimit, 'SAVED_SEARCH_LIMIT');
  return view(row);
}

/** DELETE /api/busquedas/{id}: only the owner's; another client's id is as unknown as a missing one. */
export async function deleteSearch(db: DbOrTx, accountId: string, id: string): Promise<void> {
  if (!(await q.deleteSearch(db, accountId, id)))
    throw notFound(msg.savedSearchNotFound, 'SAVED_SEARCH_NOT_FOUND');
}

/** The saved filters as the listing parses them; undefined when the catalogue no longer holds a value. */
function parsedFilters(filtros: Record<string, string | string[]>): SearchFilters | undefined {
  const parsed = escortSearchQuerySchema.safeParse(filtros);
  if (!parsed.success) return undefined;
  const { limite: _l, cursor: _c, pagina: _p, orden: _o, ...filters } = parsed.data;
  return filters;
}

/**
 * The sweep (decision 0176), run every SAVED_SEARCH_SWEEP_MS by plugins/background.ts on the app's clock:
 * first records, for each saved search, the profiles that newly match it (placed since its last look, or
 * visiting its place); then sends one notice for each search with news whose last notice is a day old or
 * more, counting all its news since. Returns how many notices went.
 */
export async function sweepSavedSearches(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  const upto = await placementHighWater(deps.db);
  for (const search of await q.allSearches(deps.db)) {
    const filters = parsedFilters(search.filtros);
    const found = filters
      ? await newMatches(deps.db, filters, now, {
          afterSeq: search.seenSeq,
          uptoSeq: upto,
          savedAt: search.createdAt,
        })
      : [];
    if (found.length || search.seenSeq < upto)
      await deps.db.transaction((tx) =>
        q.recordHits(tx, search.id, found, Math.max(upto, search.seenSeq), now),
      );
  }
  const dayAgo = new Date(now.getTime() - DAY_MS);
  let sent = 0;
  for (const id of await q.dueSearchIds(deps.db, dayAgo)) {
    const told = await deps.db.transaction(async (tx) => {
      const search = await q.lockDueSearch(tx, id, dayAgo);
      if (!search) return false;
      const n = await q.takeWaitingHits(tx, search, now);
      if (n === 0) return false;
      const account = await findAccountById(tx, search.accountId);
      if (!account) return false;
      await q.markNoticed(tx, search.id, now);
      await notifySavedSearch(
        tx,
        deps,
        { id: account.id, email: account.email, kind: account.kind },
        {
          text: savedSearchNoticeText(search.nombre, n),
          enlace: savedSearchHref(search.filtros),
          searchId: search.id,
        },
      );
      return true;
    });
    if (told) sent++;
  }
  return sent;
}
