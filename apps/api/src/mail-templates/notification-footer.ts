import { z } from 'zod';
import { notificationLabels, type NotificationKind } from '@encanto/core/notifications';
import { pages } from '@encanto/core/paths';
import { footer, link, type MailSite, type Paragraph } from './mail.ts';

/**
 * What every notification mail carries besides its news (notification.ts, favorite-visit.ts, saved-search.ts):
 * who it is for, so the settings link opens her own area, and the signed one-click unsubscribe token of its
 * kind (modules/notifications/tokens.ts).
 */
export const noticeRecipient = z.object({
  /** Which area holds the recipient's lists and settings. */
  recipientKind: z.enum(['client', 'escort', 'admin']),
  /** The signed one-click unsubscribe token for this account and this kind. */
  unsubscribeToken: z.string(),
});
export type NoticeRecipient = z.infer<typeof noticeRecipient>;

const token = (d: NoticeRecipient) => encodeURIComponent(d.unsubscribeToken);

const settings = (d: NoticeRecipient) =>
  `${d.recipientKind === 'escort' ? pages.escortAccount.href : pages.clientAccount.href}#notificaciones`;

/** The foot of a notification mail: why it came, the one-click way out of its kind, and the settings. */
export const notificationFooter = (kind: NotificationKind, d: NoticeRecipient, site: MailSite): Paragraph =>
  footer(
    `Recibes este aviso porque tienes activados los avisos de ${notificationLabels[kind].what}.`,
    [
      'Para dejar de recibirlos, con un clic: ',
      link(`${site.url}${pages.unsubscribe.href}?t=${token(d)}`, 'dejar de recibir estos avisos'),
    ],
    [
      'Puedes elegir qué avisos recibes en Configuración: ',
      link(`${site.url}${settings(d)}`, 'elegir mis avisos'),
    ],
  );

/** The same way out for mail programs: List-Unsubscribe with RFC 8058's one-click POST. */
export const notificationHeaders = (d: NoticeRecipient, site: MailSite) => ({
  'List-Unsubscribe': `<${site.url}/api/cuenta/notificaciones/baja?t=${token(d)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
