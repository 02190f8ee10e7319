import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** The other side's nickname: the pair knows each other already. */
  otra_parte: z.string(),
  /** The meeting's id, for the link to it. */
  cita: z.string(),
  /** Until when the contest is open, in words ('8 de diciembre de 2026 a las 04:49'). */
  hasta: z.string(),
});

/** To the side said not to have come: what was marked and how to contest it (decision 0173). */
export const attendanceAbsenceMarkedMail = defineMail({
  name: 'attendance-absence-marked',
  description: 'A quien marcaron como ausente en una cita: cómo reclamar dentro de 7 días',
  schema,
  samples: {
    default: {
      nickname: 'pedro_r',
      otra_parte: 'camila_v',
      cita: '0b8f6a52-7c1e-4f7a-9a51-2f4a3c1d9e10',
      hasta: '8 de diciembre de 2026 a las 21:30',
    },
  },
  subject: (_d, site) => `${site.name}: marcaron que no llegaste a una cita`,
  body: (d, site) => [
    p(`Hola ${d.nickname}:`),
    p(`${d.otra_parte} marcó que no te presentaste a la cita que tenían acordada.`),
    p(
      'Si no fue así, puedes reclamarlo desde la cita; la administración lo revisará y, mientras tanto, la ausencia no cuenta. Nadie ve el detalle de tus citas: en tu perfil solo se muestran totales.',
    ),
    p([
      `Tienes plazo hasta el ${d.hasta}: `,
      link(`${site.url}${pages.meeting.href(d.cita)}`, 'Ver la cita'),
    ]),
  ],
});
