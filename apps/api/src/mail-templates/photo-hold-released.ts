import { z } from 'zod';
import { defineMail, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** 'profile' or 'gallery': which of her pictures it was. */
  tipo: z.enum(['profile', 'gallery']),
});

export const photoHoldReleasedSubject = 'Tu foto ya se muestra en tu perfil';

/**
 * To the uploader when the team releases her held picture (decision 0181): it is public now. The
 * admin's note is left out: it was written for the audit log and may name the other account.
 */
export const photoHoldReleasedMail = defineMail({
  name: 'photo-hold-released',
  description: 'La foto retenida por parecerse a otra fue liberada: ya se muestra',
  schema,
  samples: {
    default: { nickname: 'camila_v', tipo: 'gallery' },
    perfil: { nickname: 'camila_v', tipo: 'profile' },
  },
  subject: () => photoHoldReleasedSubject,
  body: (d) => [
    p(`Hola ${d.nickname}:`),
    p(
      d.tipo === 'profile'
        ? 'El equipo revisó tu foto de perfil y ya se muestra en tu tarjeta. Gracias por tu paciencia.'
        : 'El equipo revisó la foto que subiste a tu galería y ya se muestra en tu perfil. Gracias por tu paciencia.',
    ),
  ],
});
