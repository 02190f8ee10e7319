import { msg } from '@encanto/core/messages';
import { pickKinds } from '@encanto/core/notifications';
import {
  defaultPushPrefs,
  pushKindValues,
  type PushPrefs,
  type PushPrefsUpdate,
  type PushSubscriptionBody,
} from '@encanto/core/push';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { pushEndpointAllowed } from '../../infra/push/hosts.ts';
import { PushGoneError } from '../../infra/push/transport.ts';
import { queuePush, type OutboxRow } from '../mail/service.ts';
import { pushKindOf, pushNoticeFor, type PushEvent } from './notices.ts';
import * as q from './queries.ts';

/** GET /api/push/clave-publica: the VAPID public key browsers subscribe with. */
export const vapidPublicKey = (deps: Pick<Deps, 'pushTransport'>) => deps.pushTransport.publicKey;

/**
 * POST /api/push/suscripciones (decision 0168): only endpoints on the push services' hosts (PUSH_HOSTS), so
 * the server is never made to call an address a person chose; stored for the caller's session.
 */
export async function subscribe(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  caller: { id: string; sessionId: string },
  body: PushSubscriptionBody,
): Promise<{ id: string }> {
  if (!pushEndpointAllowed(body.endpoint, deps.config.push.hosts))
    throw badRequest(msg.pushHostRefused, { endpoint: msg.pushHostRefused }, 'PUSH_HOST_REFUSED');
  const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
  const auth = Buffer.from(body.keys.auth, 'base64url');
  // An uncompressed P-256 point and a 16-byte secret, or the payload could never be encrypted for it.
  if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16)
    throw badRequest(msg.pushKeysInvalid, { keys: msg.pushKeysInvalid }, 'PUSH_KEYS_INVALID');
  const row = await deps.db.transaction((tx) =>
    q.upsertSubscription(tx, {
      accountId: caller.id,
      sessionId: caller.sessionId,
      endpoint: body.endpoint,
      p256dh: p256dh.toString('base64url'),
      auth: auth.toString('base64url'),
      now: deps.clock.now(),
    }),
  );
  return { id: row.id };
}

export async function subscriptionsList(db: DbOrTx, accountId: string) {
  const rows = await q.subscriptionsOf(db, accountId);
  return rows.map((r) => ({
    id: r.id,
    sesion: r.sessionId,
    creada: r.createdAt.toISOString(),
    ultimo_envio: r.lastSentAt?.toISOString() ?? null,
  }));
}

export async function unsubscribe(
  db: DbOrTx,
  accountId: string,
  which: { id: string } | { endpoint: string },
): Promise<void> {
  if (!(await q.deleteOwnSubscription(db, accountId, which))) throw notFound(msg.pushSubscriptionNotFound);
}

const view = (row: Awaited<ReturnType<typeof q.readPushPrefs>>): PushPrefs =>
  row ? { ...pickKinds(row, pushKindValues), detalles: row.detalles } : { ...defaultPushPrefs };

export async function pushPreferencesOf(db: DbOrTx, accountId: string): Promise<PushPrefs> {
  return view(await q.readPushPrefs(db, accountId));
}

export async function changePushPreferences(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  change: PushPrefsUpdate,
): Promise<PushPrefs> {
  return view(await q.writePushPrefs(deps.db, accountId, change, deps.clock.now()));
}

/**
 * Queues a push notice to every device of the account that subscribed, in the caller's transaction, when
 * the person keeps that kind on (decision 0169). Returns how many were queued.
 */
export async function notifyByPush(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  accountId: string,
  event: PushEvent,
): Promise<number> {
  const subscriptions = await q.subscriptionsOf(tx, accountId);
  if (subscriptions.length === 0) return 0;
  const prefs = await pushPreferencesOf(tx, accountId);
  if (!prefs[pushKindOf(event)]) return 0;
  const notice = pushNoticeFor(event, deps.config.siteName, prefs.detalles);
  for (const s of subscriptions)
    await queuePush(tx, deps, notice, { subscriptionId: s.id, accountId, endpoint: s.endpoint });
  return subscriptions.length;
}

/** Push notices are about now: a device offline longer than a day does not need yesterday's. */
const PUSH_TTL_S = 24 * 3600;

/**
 * Sends one queued push row (the outbox worker's push sender, wired in plugins/background.ts): 'gone' when
 * the subscription no longer exists or its push service says so (404/410), which removes it.
 */
export async function deliverPush(
  deps: Pick<Deps, 'db' | 'clock' | 'pushTransport'>,
  row: OutboxRow,
): Promise<'sent' | 'gone'> {
  const subscription = row.pushSubscriptionId
    ? await q.subscriptionById(deps.db, row.pushSubscriptionId)
    : undefined;
  if (!subscription) return 'gone';
  try {
    await deps.pushTransport.send(subscription, {
      payload: row.text,
      ttl: PUSH_TTL_S,
      urgency: row.kind === 'recordatorios' ? 'high' : 'normal',
    });
  } catch (err) {
    if (err instanceof PushGoneError) {
      await q.deleteSubscription(deps.db, subscription.id);
      return 'gone';
    }
    throw err;
  }
  await q.markSubscriptionSent(deps.db, subscription.id, deps.clock.now());
  return 'sent';
}
