import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** The one-click report link's token (decision 0177). */
  token: z.string(),
});

export const photoLookAlikeSubject = 'Alguien subió una foto muy parecida a una tuya';

/**
 * To the owner of an earlier picture when another account uploads one very like it: the new one is
 * held until the team decides, and one click reports impersonation. The uploader's name is left out:
 * the team decides, and a false match must not start a quarrel between two providers.
 */
export const photoLookAlikeMail = defineMail({
  name: 'photo-look-alike',
  description: 'Aviso a la dueña de una foto: otra cuenta subió una muy parecida',
  schema,
  samples: { default: { nickname: 'camila_v', token: 'Qm3vT8yR2nK6pW1sX9cL4dF7hJ0gB5aZ2eU8iO3uYtR' } },
  subject: () => photoLookAlikeSubject,
  body: (d, site) => [
    p(`Hola ${d.nickname}:`),
    p(
      'Alguien subió una foto muy parecida a una tuya. Mientras el equipo la revisa, esa foto no se muestra en ninguna parte del sitio.',
    ),
    p('Si no fuiste tú y crees que alguien quiere hacerse pasar por ti, avísanos con un clic:'),
    p(link(`${site.url}${pages.photoLookAlike.href(d.token)}`, 'Denunciar suplantación')),
    p('Si la subiste tú desde otra cuenta, o no te preocupa, no tienes que hacer nada.'),
  ],
});
