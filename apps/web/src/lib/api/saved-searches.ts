import type { SavedSearch, SavedSearchBody } from '@encanto/core/saved-searches';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

/** GET /api/busquedas: the signed-in client's saved searches (decision 0175). */
export const savedSearchesPath = '/busquedas';

export const useSavedSearches = (enabled: boolean) =>
  useApiQuery<{ busquedas: SavedSearch[] }>(enabled ? savedSearchesPath : null, { staleTime: 0 });

export const saveSearch = (body: SavedSearchBody) =>
  api<{ busqueda: SavedSearch }>(savedSearchesPath, { method: 'POST', body });

export const deleteSearch = (id: string) =>
  api<{ ok: true }>(`${savedSearchesPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
