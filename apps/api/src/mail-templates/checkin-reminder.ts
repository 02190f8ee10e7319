import { z } from 'zod';
import { formatClockTime } from '@encanto/core/chile-time';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** The check-in's deadline (ISO), shown as Chile clock time. */
  deadline: z.iso.datetime(),
  /** Whether her contact accepted, so the mail says whether they will be told. */
  contactConfirmed: z.boolean(),
});

export const checkinReminderSubject = 'Tu aviso de seguridad vence en 10 minutos';

/** Ten minutes before her check-in's deadline: close it if she is fine. */
export const checkinReminderMail = defineMail({
  name: 'checkin-reminder',
  description: 'Recordatorio: el aviso de seguridad vence en 10 minutos',
  schema,
  samples: {
    default: { nickname: 'camila_v', deadline: '2026-05-04T23:30:00.000Z', contactConfirmed: true },
    sinConfirmar: { nickname: 'camila_v', deadline: '2026-05-04T23:30:00.000Z', contactConfirmed: false },
  },
  subject: () => checkinReminderSubject,
  body: (d, site) => [
    p(`Hola ${d.nickname}:`),
    p(
      `Tu aviso de seguridad vence a las ${formatClockTime(d.deadline)}. Si estás bien, ciérralo aquí:`,
      // The check-in section of her Resumen.
      link(`${site.url}${pages.escortHome.href}#aviso-seguridad`, 'Cerrar mi aviso'),
    ),
    p(
      d.contactConfirmed
        ? 'Si no lo cierras, avisaremos a tu contacto de confianza.'
        : 'Tu contacto aún no confirma que acepta serlo: si no lo hace antes de esa hora, no podremos avisarle.',
    ),
  ],
});
