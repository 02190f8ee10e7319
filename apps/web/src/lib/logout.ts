import { useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { clearSession } from './session.ts';

/**
 * The one way out of an account, for every "Salir" and every screen that ends a session.
 *
 * Forgetting is both halves: the stored session keys (lib/session.ts) and the query cache, which
 * holds the account's answers (profile, meetings, data rights); a cache left behind would show the
 * previous account's data to whoever signs in next on this browser.
 */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return () => {
    clearSession();
    queryClient.clear();
  };
}

/** Ends the session on the server first (POST /api/logout; failure ignored), then forgets it here. */
export function useEndSession() {
  const forget = useForgetSession();
  return async () => {
    await api('/logout', { method: 'POST' }).catch(() => undefined);
    forget();
  };
}

/**
 * "Salir": ends the session, then loads `to` afresh. A full load drops every in-memory trace of the
 * account, and no own-account guard still on screen can send the visitor elsewhere on the way out.
 * `replace` leaves no history entry to go Back into the signed-in page.
 */
export function useLogout() {
  const end = useEndSession();
  return async (to: string, { replace = false }: { replace?: boolean } = {}) => {
    await end();
    if (replace) window.location.replace(to);
    else window.location.assign(to);
  };
}
