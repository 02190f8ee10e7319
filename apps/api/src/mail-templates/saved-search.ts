import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';
import { noticeRecipient, notificationFooter, notificationHeaders } from './notification-footer.ts';

const schema = z.object({
  /** "Hay 2 perfiles nuevos en «Providencia, disponibles»" (core savedSearchNoticeText). */
  text: z.string(),
  /** The search's listing page (core savedSearchHref): a page of the path table with its filters. */
  enlace: z.string().startsWith('/'),
  ...noticeRecipient.shape,
});

/**
 * New profiles for one of the client's saved searches (decision 0176): at most one a day per search, with
 * the one-click unsubscribe of its kind ('busquedas') like every notification mail. The subject stays
 * discreet; the body names only his own search.
 */
export const savedSearchMail = defineMail({
  name: 'saved-search',
  description: 'Perfiles nuevos en una búsqueda guardada del cliente',
  schema,
  samples: {
    default: {
      text: 'Hay 2 perfiles nuevos en «Providencia, disponibles»',
      enlace: '/Escort/Providencia?con_galeria=true',
      recipientKind: 'client',
      unsubscribeToken: '6f1c2b9e-0000-4000-8000-000000000002.busquedas.firma-de-ejemplo',
    },
  },
  kind: () => 'busquedas',
  subject: (_d, site) => `${site.name}: tienes una novedad en tu cuenta`,
  body: (d, site) => [
    p(`${d.text}.`),
    p('Revisa la búsqueda:', link(`${site.url}${d.enlace}`, 'Ver los perfiles')),
    p([
      'Para ver o borrar tus búsquedas guardadas: ',
      link(`${site.url}${pages.savedSearches.href}`, 'Mis búsquedas'),
    ]),
    notificationFooter('busquedas', d, site),
  ],
  headers: notificationHeaders,
});
