import type { Rental } from '@encanto/core/gallery';
import type { ClientProfile, EscortProfile } from '@encanto/core/accounts';
import { useApiQuery } from '../../../lib/query.ts';
import type { SessionView } from '../../../lib/session.ts';

export const rentalsPath = (city: string) => `/arriendo/ciudad/${encodeURIComponent(city)}`;

/** Rentals of a city; the spec turns a failure into an empty list. */
export function useRentals(city: string | null) {
  const query = useApiQuery<Rental[]>(city ? rentalsPath(city) : null, { retry: false });
  return { ...query, rentals: query.isError ? [] : (query.data ?? []) };
}

/** The signed-in person's own city, the natural default for a rental search. */
export function useOwnCity(session: SessionView): { city: string | null; pending: boolean } {
  const escort = useApiQuery<EscortProfile>(
    session.role === 'usuario' && session.rut ? `/usuario/profile/${encodeURIComponent(session.rut)}` : null,
    { retry: false },
  );
  const client = useApiQuery<ClientProfile[]>(
    session.role === 'cliente' && session.rut ? `/cliente/profile/${encodeURIComponent(session.rut)}` : null,
    { retry: false },
  );
  if (session.role === 'usuario')
    return { city: escort.data?.ciudad ?? null, pending: escort.isPending && !escort.isError };
  if (session.role === 'cliente')
    return { city: client.data?.[0]?.ciudad ?? null, pending: client.isPending && !client.isError };
  return { city: null, pending: false };
}
