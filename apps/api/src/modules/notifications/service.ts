import { findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import {
  defaultNotificationPrefs,
  notificationKindValues,
  notificationLabels,
  pickKinds,
  type NotificationKind,
  type NotificationPrefs,
  type NotificationPrefsUpdate,
} from '@encanto/core/notifications';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import {
  notificationKindOf,
  notificationMail,
  type NotificationEvent,
} from '../../mail-templates/notification.ts';
import { findAccountById } from '../accounts/service.ts';
import { queueMail } from '../mail/service.ts';
import { notifyByPush } from '../push/service.ts';
import { prefEnabled, readPrefs, writePrefs, writeVisitCity } from './queries.ts';
import { favoriteVisitMail } from '../../mail-templates/favorite-visit.ts';
import type { MailTemplate } from '../../mail-templates/mail.ts';
import type { NoticeRecipient } from '../../mail-templates/notification-footer.ts';
import { savedSearchMail } from '../../mail-templates/saved-search.ts';
import { signUnsubscribe, verifyUnsubscribe } from './tokens.ts';

/** What happened, for whom: each event belongs to one kind of notification the recipient can turn off. */
export type { NotificationEvent };

export interface Recipient {
  id: string;
  email: string;
  kind: 'client' | 'escort' | 'admin';
}

/**
 * Queues a notification mail in the caller's transaction, unless the recipient
 * turned its kind off. The mail (mail-templates/notification.ts) is discreet and
 * carries a one-click unsubscribe link for its kind, signed here, with the
 * List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058).
 */
export async function notify(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  to: Recipient,
  event: NotificationEvent,
  meetingId: string,
): Promise<boolean> {
  // The push channel has its own switches (decision 0169): it goes whatever the mail preference says.
  await notifyByPush(tx, deps, to.id, { event, meetingId });
  return notifyByMail(tx, deps, to, event, meetingId);
}

/** The mail channel of `notify`. */
function notifyByMail(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  to: Recipient,
  event: NotificationEvent,
  meetingId: string,
): Promise<boolean> {
  return mailNotice(tx, deps, to, notificationKindOf[event], notificationMail, { event, meetingId });
}

/**
 * A favourite's visit to the client's comuna (decision 0170): the mail, unless he turned 'visitas' off,
 * and the push notice per his push switches. The caller (touring) has made sure it is sent once per visit.
 */
export async function notifyVisit(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  to: Recipient,
  visit: { text: string; nickname: string },
): Promise<void> {
  await notifyByPush(tx, deps, to.id, { event: 'visita', text: visit.text, nickname: visit.nickname });
  await mailNotice(tx, deps, to, 'visitas', favoriteVisitMail, visit);
}

/**
 * New profiles for a saved search (decision 0176): the mail, unless he turned 'busquedas' off, and the push
 * notice per his push switches. The caller (saved-searches) has made sure it is at most one a day per search.
 */
export async function notifySavedSearch(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  to: Recipient,
  notice: { text: string; enlace: string; searchId: string },
): Promise<void> {
  await notifyByPush(tx, deps, to.id, { event: 'busqueda', ...notice });
  await mailNotice(tx, deps, to, 'busquedas', savedSearchMail, { text: notice.text, enlace: notice.enlace });
}

/**
 * A notification mail of one kind, queued in the caller's transaction unless the recipient turned the
 * kind off; every such mail carries the recipient's area and the kind's signed one-click unsubscribe
 * token (mail-templates/notification-footer.ts).
 */
async function mailNotice<D extends NoticeRecipient>(
  tx: DbOrTx,
  deps: Pick<Deps, 'config' | 'clock'>,
  to: Recipient,
  kind: NotificationKind,
  template: MailTemplate<D>,
  news: Omit<D, keyof NoticeRecipient>,
): Promise<boolean> {
  if (!(await prefEnabled(tx, to.id, kind))) return false;
  const unsubscribeToken = await signUnsubscribe(deps.config, to.id, kind);
  // The news and the recipient's part make D; TypeScript cannot see that Omit<D, K> & Pick<D, K> is D.
  const data = { ...news, recipientKind: to.kind, unsubscribeToken } as unknown as D;
  await queueMail(tx, deps, template, data, { to: to.email, accountId: to.id });
  return true;
}

/** The comuna whose visits the client hears about: his choice (null: his account's own, `propia`). */
export async function visitCity(
  db: DbOrTx,
  accountId: string,
): Promise<{ ciudad: string | null; propia: string }> {
  const [prefs, account] = await Promise.all([readPrefs(db, accountId), findAccountById(db, accountId)]);
  return { ciudad: prefs?.ciudadVisitas ?? null, propia: account?.ciudad ?? '' };
}

/** Sets it to a comuna of the catalogue (its spelling, as accounts.ciudad and the visits keep it), or back to null. */
export async function changeVisitCity(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  ciudad: string | null,
): Promise<{ ciudad: string | null; propia: string }> {
  const comuna = ciudad === null ? null : findComuna(ciudad);
  if (ciudad !== null && !comuna)
    throw badRequest(msg.visitCityInvalid, { ciudad: msg.visitCityInvalid }, 'CITY_INVALID');
  await writeVisitCity(deps.db, accountId, comuna?.name ?? null, deps.clock.now());
  return visitCity(deps.db, accountId);
}

const view = (row: NotificationPrefs | undefined): NotificationPrefs =>
  row ? pickKinds(row, notificationKindValues) : { ...defaultNotificationPrefs };

export async function preferencesOf(db: DbOrTx, accountId: string): Promise<NotificationPrefs> {
  return view(await readPrefs(db, accountId));
}

export async function changePreferences(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  change: NotificationPrefsUpdate,
): Promise<NotificationPrefs> {
  return view(await writePrefs(deps.db, accountId, change, deps.clock.now()));
}

/** The one-click unsubscribe: the signed token alone turns its kind off for its account. */
export async function unsubscribe(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  token: string,
): Promise<{ kind: NotificationKind; mensaje: string }> {
  const target = await verifyUnsubscribe(deps.config, token);
  if (!target) throw badRequest(msg.unsubscribeInvalid, undefined, 'TOKEN_INVALID');
  try {
    await writePrefs(deps.db, target.accountId, { [target.kind]: false }, deps.clock.now());
  } catch (err) {
    // A well-signed token for an account deleted since: nothing left to turn off.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23503' ||
      (err as { cause?: { code?: string } }).cause?.code === '23503'
    )
      return { kind: target.kind, mensaje: msg.unsubscribeDone(notificationLabels[target.kind].what) };
    throw err;
  }
  return { kind: target.kind, mensaje: msg.unsubscribeDone(notificationLabels[target.kind].what) };
}
