import { z } from 'zod';
import { defineMail, p } from './mail.ts';

const schema = z.object({ nickname: z.string() });

export const photoCheckApprovedSubject = 'Tus fotos están verificadas';

/** Her selfie matched her photos: the profile shows the badge. */
export const photoCheckApprovedMail = defineMail({
  name: 'photo-check-approved',
  description: 'Fotos verificadas con la selfie',
  schema,
  samples: { default: { nickname: 'camila_v' } },
  subject: () => photoCheckApprovedSubject,
  body: (d) => [
    p(`Hola ${d.nickname}:`),
    p('Revisamos tu selfie y coincide con tus fotos. Tu perfil ya muestra la insignia "Fotos verificadas".'),
    p(
      'Si cambias tu foto de perfil o agregas imágenes a tu galería, la insignia se quita hasta que verifiques de nuevo.',
    ),
  ],
});
