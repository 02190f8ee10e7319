import { z } from 'zod';
import { pages } from '@encanto/core/paths';
import { defineMail, link, p } from './mail.ts';

const removedSchema = z.object({
  nickname: z.string(),
  /** 'profile' or 'gallery': which of her pictures it was. */
  tipo: z.enum(['profile', 'gallery']),
  /** The admin's note on the decision (required when deciding: 3 to 300 characters). */
  nota: z.string(),
  /** SUPPORT_EMAIL: where she can ask about it. */
  soporte: z.string(),
});

export const photoHoldRemovedSubject = 'No publicamos una de tus fotos';

/**
 * To the uploader when the team takes her held picture down (decision 0181): it stays hidden, why in
 * the admin's words, and how to ask (the support address and page).
 */
export const photoHoldRemovedMail = defineMail({
  name: 'photo-hold-removed',
  description: 'La foto retenida por parecerse a otra fue retirada: nota y cómo consultar',
  schema: removedSchema,
  samples: {
    default: {
      nickname: 'camila_v',
      tipo: 'gallery',
      nota: 'La foto aparece en otro perfil publicado antes que el tuyo.',
      soporte: 'soporte@encanto.local',
    },
  },
  subject: () => photoHoldRemovedSubject,
  body: (d, site) => [
    p(`Hola ${d.nickname}:`),
    p(
      `El equipo revisó ${d.tipo === 'profile' ? 'tu foto de perfil' : 'una foto de tu galería'} y decidió no publicarla, porque se parece mucho a una foto que otra cuenta publicó antes.`,
    ),
    p(`Nota del equipo: ${d.nota}`),
    p(
      'La foto no se muestra en ninguna parte del sitio. Puedes eliminarla desde tu panel y subir otra tuya.',
    ),
    p([
      `Si la foto es tuya o crees que es un error, escríbenos a ${d.soporte} o desde Soporte: `,
      link(`${site.url}${pages.support.href}`, 'Soporte'),
    ]),
  ],
});
