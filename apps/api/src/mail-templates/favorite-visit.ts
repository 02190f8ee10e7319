import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';
import { noticeRecipient, notificationFooter, notificationHeaders } from './notification-footer.ts';

const schema = z.object({
  /** "Estefanía estará de visita en Valparaíso del 3 al 5 de diciembre" (core visitAlertText). */
  text: z.string(),
  nickname: z.string(),
  ...noticeRecipient.shape,
});

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
    notificationFooter('visitas', d, site),
  ],
  headers: notificationHeaders,
});
