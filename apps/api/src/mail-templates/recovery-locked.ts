import { z } from 'zod';
import { formatDateAtTime } from '@encanto/core/chile-time';
import { defineMail, p } from './mail.ts';

const schema = z.object({
  /** When the last wrong code locked recovery (ISO). */
  lockedAt: z.iso.datetime(),
  /** When the lock ends (ISO). */
  until: z.iso.datetime(),
});

/** Too many wrong recovery codes: code recovery is locked for a day; the mailed link still works. */
export const recoveryLockedMail = defineMail({
  name: 'recovery-locked',
  description: 'Recuperación con código bloqueada por demasiados intentos',
  schema,
  samples: {
    default: { lockedAt: '2026-05-04T15:12:00.000Z', until: '2026-05-05T15:12:00.000Z' },
  },
  subject: (_d, site) => `${site.name}: bloqueamos la recuperación con código de tu cuenta`,
  body: (d, site) => [
    p('Hola:'),
    p(
      `El ${formatDateAtTime(d.lockedAt)} (hora de Chile) se ingresaron demasiados códigos provisorios incorrectos para recuperar la contraseña de tu cuenta en ${site.name}. Por seguridad bloqueamos la recuperación con código hasta el ${formatDateAtTime(d.until)}.`,
    ),
    p(
      'Si fuiste tú, pide una nueva contraseña provisoria y abre el enlace del correo: ese enlace sigue funcionando.',
    ),
    p(
      'Si no fuiste tú, alguien intentó entrar a tu cuenta. Tu contraseña no cambió, pero te recomendamos cambiarla desde tu perfil por una que no uses en otros sitios.',
    ),
  ],
});
