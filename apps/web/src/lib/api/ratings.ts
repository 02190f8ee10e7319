import type { Averages, Notes } from '@encanto/core/marketplace';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

export const escortAveragesPath = (nick: string) => `/ratings/promedioUsuario/${encodeURIComponent(nick)}`;
export const clientAveragesPath = (nick: string) => `/notes/promedioCliente/${encodeURIComponent(nick)}`;

export const useEscortAverages = (nick: string, enabled: boolean) =>
  useApiQuery<Averages>(enabled ? escortAveragesPath(nick) : null, { staleTime: 0 });
export const useClientAverages = (nick: string, enabled: boolean) =>
  useApiQuery<Averages>(enabled ? clientAveragesPath(nick) : null, { staleTime: 0, retry: false });

export const rateEscort = (calificador: string, nickname_usuario: string, notes: Notes) =>
  api<Averages>('/ratings/insertarUsuario', {
    method: 'POST',
    body: { calificador, nickname_usuario, ...notes },
  });

export const rateClient = (
  calificador: string,
  nickname_cliente: string,
  notes: Notes,
  comentario?: string | undefined,
) =>
  api<Averages>('/notes/insertarCliente', {
    method: 'POST',
    body: { calificador, nickname_cliente, ...notes, ...(comentario ? { comentario } : {}) },
  });
