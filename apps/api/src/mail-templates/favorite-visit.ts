import { z } from 'zod';
import { notificationLabels } from '@encanto/core/notifications';
import { pages } from '@encanto/core/paths';
import { defineMail, footer, link, p } from './mail.ts';

const schema = z.object({
  /** "Estefanía estará de visita en Valparaíso del 3 al 5 de diciembre" (core visitAlertText). */
  text: z.string(),
  nickname: z.string(),
  recipientKind: z.enum(['client', 'escort', 'admin']),
  unsubscribeToken: z.string(),
});
type Data = z.infer<typeof schema>;

const token = (d: Data) => encodeURIComponent(d.unsubscribeToken);

/**
 * A favourite announced a visit to the client's comuna (decision 0170): sent once per visit, with the
 * one-click unsubscribe of its kind ('visitas') like every notification mail. The subject stays discreet.
 */
export const favoriteVisitMail = defineMail({
  name: 'favorite-visit',
  description: 'Una favorita anuncia una visita a la comuna del cliente',
  schema,
  samples: {
    default: {
      text: 'Estefanía estará de visita en Valparaíso del 3 al 5 de diciembre',
      nickname: 'estefania',
      recipientKind: 'client',
      unsubscribeToken: '6f1c2b9e-0000-4000-8000-000000000002.visitas.firma-de-ejemplo',
    },
  },
  kind: () => 'visitas',
  subject: (_d, site) => `${site.name}: tienes una novedad en tu cuenta`,
  body: (d, site) => [
    p(`${d.text}.`),
    p(
      'Revisa su perfil y pídele una cita:',
      link(`${site.url}${pages.card.href(d.nickname)}`, 'Ver su perfil'),
    ),
    footer(
      `Recibes este aviso porque tienes activados los avisos de ${notificationLabels.visitas.what}.`,
      [
        'Para dejar de recibirlos, con un clic: ',
        link(`${site.url}${pages.unsubscribe.href}?t=${token(d)}`, 'dejar de recibir estos avisos'),
      ],
      [
        'Puedes elegir qué avisos recibes en Configuración: ',
        link(`${site.url}${pages.clientAccount.href}#notificaciones`, 'elegir mis avisos'),
      ],
    ),
  ],
  headers: (d, site) => ({
    'List-Unsubscribe': `<${site.url}/api/cuenta/notificaciones/baja?t=${token(d)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }),
});
