import type { NotificationPrefs, NotificationPrefsUpdate } from '@encanto/core/notifications';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

export const notificationsPath = '/cuenta/notificaciones';

export const useNotificationPrefs = () => useApiQuery<NotificationPrefs>(notificationsPath, { staleTime: 0 });

export const saveNotificationPrefs = (change: NotificationPrefsUpdate) =>
  api<NotificationPrefs>(notificationsPath, { method: 'PUT', body: change });

/** The unsubscribe page: the signed token from the mail is the only credential. */
export const unsubscribe = (token: string) =>
  api<{ tipo: string; mensaje: string }>(`${notificationsPath}/baja?t=${encodeURIComponent(token)}`, {
    method: 'POST',
  });
