import type { Favorite } from '@encanto/core/marketplace';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

export const favoriteCheckPath = (nick: string, rut: string) =>
  `/favorites/validar?nick_usuario=${encodeURIComponent(nick)}&nick_cliente=${encodeURIComponent(rut)}`;

export function useIsFavorite(nick: string, rut: string | null) {
  return useApiQuery<{ existe: boolean }>(rut ? favoriteCheckPath(nick, rut) : null, { staleTime: 0 });
}

export const useFavorites = (enabled: boolean) =>
  useApiQuery<Favorite[]>(enabled ? '/favorites/mios' : null, { staleTime: 0 });

export const addFavorite = (nick_usuario: string, rut_cliente: string) =>
  api<{ favorito: unknown }>('/favorites/agregar', { method: 'POST', body: { nick_usuario, rut_cliente } });

export const removeFavorite = (nick_usuario: string, rut_cliente: string) =>
  api<{ ok: true }>('/favorites/borra', { method: 'DELETE', body: { nick_usuario, rut_cliente } });
