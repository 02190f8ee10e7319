import type {
  PushPrefs,
  PushPrefsUpdate,
  PushSubscriptionBody,
  PushSubscriptionInfo,
} from '@encanto/core/push';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

/** Web Push (decisions 0168, 0169): the key, this device's subscription, and the push switches. */
export const pushPrefsPath = '/cuenta/notificaciones/push';
export const pushSubscriptionsPath = '/push/suscripciones';

export const usePushPrefs = () => useApiQuery<PushPrefs>(pushPrefsPath, { staleTime: 0 });

export const savePushPrefs = (change: PushPrefsUpdate) =>
  api<PushPrefs>(pushPrefsPath, { method: 'PUT', body: change });

export const usePushSubscriptions = () => useApiQuery<PushSubscriptionInfo[]>(pushSubscriptionsPath);

export const fetchPushKey = () => api<{ clave: string }>('/push/clave-publica').then((r) => r.clave);

export const savePushSubscription = (body: PushSubscriptionBody) =>
  api<{ id: string }>(pushSubscriptionsPath, { method: 'POST', body });

export const deletePushSubscription = (endpoint: string) =>
  api<null>(pushSubscriptionsPath, { method: 'DELETE', body: { endpoint } });

export const deletePushSubscriptionById = (id: string) =>
  api<null>(`${pushSubscriptionsPath}/${encodeURIComponent(id)}`, { method: 'DELETE' });
