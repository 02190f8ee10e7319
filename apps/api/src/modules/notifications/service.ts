import { msg } from '@encanto/core/messages';
import {
  defaultNotificationPrefs,
  notificationLabels,
  type NotificationKind,
  type NotificationPrefs,
  type NotificationPrefsUpdate,
} from '@encanto/core/notifications';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { enqueueMail } from '../mail/service.ts';
import { prefEnabled, readPrefs, writePrefs } from './queries.ts';
import { signUnsubscribe, verifyUnsubscribe } from './tokens.ts';

/** What happened, for whom: each event belongs to one kind of notification the recipient can turn off. */
export type NotificationEvent =
  'solicitud' | 'aceptada' | 'rechazada' | 'propuesta' | 'propuestaAceptada' | 'mensaje' | 'comentario';

const kindOf: Record<NotificationEvent, NotificationKind> = {
  solicitud: 'solicitudes',
  propuestaAceptada: 'solicitudes',
  aceptada: 'respuestas',
  rechazada: 'respuestas',
  propuesta: 'respuestas',
  mensaje: 'mensajes',
  comentario: 'comentarios',
};

export interface Recipient {
  id: string;
  email: string;
  kind: 'client' | 'escort' | 'admin';
}

/** Site paths the mails link to (the web app's paths.ts names the same routes). */
const sitePaths = {
  meeting: (id: string) => `/Cita/${id}`,
  requests: '/Solicitudes',
  myMeetings: '/MisCitas',
  settings: (kind: Recipient['kind']) => (kind === 'escort' ? '/ProfileUsuario' : '/profileCliente'),
  unsubscribe: '/notificaciones/baja',
};

function linkFor(event: NotificationEvent, to: Recipient, meetingId: string): string {
  if (event === 'solicitud') return sitePaths.requests;
  if (event === 'rechazada' || event === 'propuesta') return sitePaths.myMeetings;
  return sitePaths.meeting(meetingId);
}

/**
 * Queues a notification mail in the caller's transaction, unless the recipient
 * turned its kind off. Subject and first line are discreet (product name and
 * "tienes una novedad"); the mail carries a one-click unsubscribe link for its
 * kind and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058).
 */
export async function notify(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  to: Recipient,
  event: NotificationEvent,
  meetingId: string,
): Promise<boolean> {
  const kind = kindOf[event];
  if (!(await prefEnabled(tx, to.id, kind))) return false;
  const { siteName, siteUrl } = deps.config;
  const token = encodeURIComponent(await signUnsubscribe(deps.config, to.id, kind));
  const unsubscribePage = `${siteUrl}${sitePaths.unsubscribe}?t=${token}`;
  const oneClick = `${siteUrl}/api/cuenta/notificaciones/baja?t=${token}`;
  const text = [
    msg.notificationPreview(siteName),
    '',
    msg.notificationLines[event],
    `${siteUrl}${linkFor(event, to, meetingId)}`,
    '',
    '—',
    msg.notificationFooter(
      notificationLabels[kind].what,
      unsubscribePage,
      `${siteUrl}${sitePaths.settings(to.kind)}#notificaciones`,
    ),
  ].join('\n');
  await enqueueMail(tx, {
    to: to.email,
    accountId: to.id,
    kind,
    subject: msg.notificationSubject(siteName),
    text,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  return true;
}

const view = (row: NotificationPrefs | undefined): NotificationPrefs =>
  row
    ? {
        solicitudes: row.solicitudes,
        respuestas: row.respuestas,
        mensajes: row.mensajes,
        comentarios: row.comentarios,
      }
    : { ...defaultNotificationPrefs };

export async function preferencesOf(db: DbOrTx, accountId: string): Promise<NotificationPrefs> {
  return view(await readPrefs(db, accountId));
}

export async function changePreferences(
  db: DbOrTx,
  accountId: string,
  change: NotificationPrefsUpdate,
): Promise<NotificationPrefs> {
  return view(await writePrefs(db, accountId, change));
}

/** The one-click unsubscribe: the signed token alone turns its kind off for its account. */
export async function unsubscribe(
  deps: Pick<Deps, 'db' | 'config'>,
  token: string,
): Promise<{ kind: NotificationKind; mensaje: string }> {
  const target = await verifyUnsubscribe(deps.config, token);
  if (!target) throw badRequest(msg.unsubscribeInvalid, undefined, 'TOKEN_INVALID');
  try {
    await writePrefs(deps.db, target.accountId, { [target.kind]: false });
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
