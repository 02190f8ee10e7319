import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** Why the administration suspended the profile, in the admin's words. */
  motivo: z.string(),
});

/** An admin suspended her profile after a report: why, and where to ask about it (decision 0147). */
export const profileSuspendedMail = defineMail({
  name: 'profile-suspended',
  description: 'Perfil suspendido por la administración: motivo',
  schema,
  samples: {
    default: { nickname: 'camila_v', motivo: 'Las fotos de tu galería no son tuyas según varias denuncias.' },
  },
  subject: (_d, site) => `${site.name}: suspendimos tu perfil`,
  body: (d, site) => [
    p(`Hola ${d.nickname}:`),
    p('Revisamos una denuncia sobre tu perfil y lo suspendimos: por ahora no se muestra en el sitio.'),
    p(`Motivo: ${d.motivo}`),
    p([
      'Si crees que es un error o quieres contarnos tu versión, escríbenos desde Soporte: ',
      link(`${site.url}${pages.support.href}`, 'Soporte'),
    ]),
  ],
});
