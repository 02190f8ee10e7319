import { z } from 'zod';
import { formatDateAtTime } from '@encanto/core/chile-time';
import { pages } from '@encanto/core/paths';
import { deviceName, twoFactorLimits } from '@encanto/core/two-factor';
import { defineMail, link, p } from './mail.ts';

/** What changed, as the mail says it. */
export const securityNoticeWhat = {
  totp_added: 'Se activó la verificación en dos pasos en tu cuenta',
  totp_removed: 'Se desactivó la verificación en dos pasos de tu cuenta',
  passkey_added: 'Se agregó una llave de acceso a tu cuenta',
  passkey_removed: 'Se eliminó una llave de acceso de tu cuenta',
  codes_renewed: 'Se generaron códigos de recuperación nuevos para tu cuenta',
  factors_reset:
    'El equipo de soporte quitó la verificación en dos pasos y las llaves de acceso de tu cuenta',
  new_device: 'Alguien ingresó a tu cuenta desde un navegador nuevo',
} as const;
export type SecurityNoticeKind = keyof typeof securityNoticeWhat;
const kinds = Object.keys(securityNoticeWhat) as [SecurityNoticeKind, ...SecurityNoticeKind[]];

const schema = z.object({
  what: z.enum(kinds),
  /** When it happened (ISO), shown in Chile time. */
  at: z.iso.datetime(),
  /** The User-Agent of the request that made the change, named coarsely; null when unknown. */
  userAgent: z.string().nullable(),
  /** The "no fui yo" link's one-use token. */
  token: z.string(),
});

export const securityMailSubject = (site: string) => `${site}: aviso de seguridad de tu cuenta`;

/**
 * A change to the account's security (a factor added or removed, new codes, a sign-in from a new
 * browser), with the "no fui yo" link. Discreet: the site's name and "aviso de seguridad de tu
 * cuenta", nothing about profiles or meetings.
 */
export const securityNoticeMail = defineMail({
  name: 'security-notice',
  description: 'Aviso de seguridad de la cuenta, con el enlace «no fui yo»',
  schema,
  samples: {
    default: {
      what: 'new_device',
      at: '2026-05-04T22:40:00.000Z',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      token: 'Qm3vT8yR2nK6pW1sX9cL4dF7hJ0gB5aZ2eU8iO3uYtR',
    },
    passkey: {
      what: 'passkey_added',
      at: '2026-05-04T13:05:00.000Z',
      userAgent: null,
      token: 'Pn4bW7yE1rT5uI9oP3aS6dF2gH8jK0lZ4xC7vB1nM5q',
    },
  },
  subject: (_d, site) => securityMailSubject(site.name),
  body: (d, site) => {
    const device = d.userAgent ? deviceName(d.userAgent) : 'un dispositivo desconocido';
    const hours = Math.round(twoFactorLimits.noticeTtlMs / 3600_000);
    return [
      p('Hola:'),
      p(`${securityNoticeWhat[d.what]} el ${formatDateAtTime(d.at)} (hora de Chile), desde ${device}.`),
      p('Si fuiste tú, no tienes que hacer nada.'),
      p(
        `Si no fuiste tú, abre este enlace antes de ${hours} horas: cerraremos todas las sesiones de tu cuenta, desharemos este cambio y desactivaremos tu contraseña para que crees una nueva.`,
        link(`${site.url}${pages.notMe.href(d.token)}`, 'No fui yo'),
      ),
    ];
  },
});
