import { z } from 'zod';
import { formatLongDate } from '@encanto/core/chile-time';
import { retentionDays } from '@encanto/core/constants';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** Which sign-in page the link opens. */
  recipientKind: z.enum(['client', 'escort']),
  /** The day the account is deleted unless she signs in (ISO). */
  deletionDate: z.iso.datetime(),
});

/** The subject: the site and what will happen (tests compare it). */
export const inactivityMailSubject = (site: string) =>
  `${site}: tu cuenta pendiente se eliminará por inactividad`;

/** A pending account without activity: one mail before it is deleted with its identity document. */
export const inactiveAccountMail = defineMail({
  name: 'inactive-account',
  description: 'Cuenta pendiente sin actividad: se eliminará si no ingresa antes de la fecha',
  schema,
  samples: {
    default: { nickname: 'camila_v', recipientKind: 'escort', deletionDate: '2026-06-03T15:00:00.000Z' },
  },
  subject: (_d, site) => inactivityMailSubject(site.name),
  body: (d, site) => {
    const login = d.recipientKind === 'client' ? pages.clientLogin : pages.escortLogin;
    return [
      p(`Hola ${d.nickname}:`),
      p(
        `Tu cuenta en ${site.name} sigue pendiente de validación y no has ingresado en ${retentionDays.inactivePendingNotice} días. Si no ingresas antes del ${formatLongDate(d.deletionDate)}, la eliminaremos junto con la foto de tu documento de identidad, como indica nuestra política de privacidad.`,
      ),
      p('Para conservarla, solo inicia sesión:', link(`${site.url}${login.href}`, 'Iniciar sesión')),
      p('Si ya no la quieres, no tienes que hacer nada.'),
    ];
  },
});
