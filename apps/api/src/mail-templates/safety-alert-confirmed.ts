import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** The category's label, never the text nor who filed it (decision 0171). */
  categoria: z.string(),
  /** The month it refers to, in words ('marzo de 2026'). */
  mes: z.string(),
});

/** To the client: an alert about him was confirmed; what it means and how to answer. */
export const safetyAlertConfirmedMail = defineMail({
  name: 'safety-alert-confirmed',
  description: 'Al cliente: se confirmó una alerta de seguridad sobre él y cómo dar su descargo',
  schema,
  samples: { default: { nickname: 'pedro_r', categoria: 'No pagó', mes: 'marzo de 2026' } },
  subject: (_d, site) => `${site.name}: una alerta de seguridad sobre tu cuenta`,
  body: (d, site) => [
    p(`Hola ${d.nickname}:`),
    p(
      `Una escort con quien tuviste una cita aceptada nos avisó de un problema, y la administración lo revisó y confirmó. Categoría: ${d.categoria} (${d.mes}).`,
    ),
    p(
      'Durante 12 meses, las escorts que reciban una solicitud tuya verán que tienes una alerta confirmada, con su categoría y su mes. Nunca verán el relato, y no es pública.',
    ),
    p([
      'Si crees que es un error, puedes darnos tu versión una vez desde tu cuenta; la administración la leerá y puede retirar la alerta: ',
      link(`${site.url}${pages.clientAccount.href}`, 'Ver la alerta y responder'),
    ]),
  ],
});
