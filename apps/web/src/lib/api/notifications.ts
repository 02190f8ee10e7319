import type { NotificationPrefs, NotificationPrefsUpdate } from '@encanto/core/notifications';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

export const notificationsPath = '/cuenta/notificaciones';

export const useNotificationPrefs = () => useApiQuery<NotificationPrefs>(notificationsPath, { staleTime: 0 });

export const saveNotificationPrefs = (change: NotificationPrefsUpdate) =>
  api<NotificationPrefs>(notificationsPath, { method: 'PUT', body: change });

const unsubscribePath = (token: string) => `${notificationsPath}/baja?t=${encodeURIComponent(token)}`;

/**
 * The unsubscribe page: the signed token from the mail is the only credential. The POST is sent once
 * the page runs (`enabled` after hydration), never by the link itself, so a mail scanner that only
 * fetches the URL changes nothing; its answer stays cached for the page's life, so it is sent once.
 */
export const useUnsubscribe = (token: string, enabled: boolean) =>
  useApiQuery<{ tipo: string; mensaje: string }>(enabled && token ? unsubscribePath(token) : null, {
    read: (path) => api(path, { method: 'POST' }),
    retry: false,
    staleTime: Infinity,
  });

/** The comuna of favourite-visit notices (decision 0170): his choice, or null for his account's (`propia`). */
export const visitCityPath = `${notificationsPath}/ciudad-visitas`;

/** Clients only (`enabled`): the route answers 403 to others. */
export const useVisitCity = (enabled: boolean) =>
  useApiQuery<{ ciudad: string | null; propia: string }>(enabled ? visitCityPath : null, { staleTime: 0 });

export const saveVisitCity = (ciudad: string | null) =>
  api<{ ciudad: string | null; propia: string }>(visitCityPath, { method: 'PUT', body: { ciudad } });
