import { z } from 'zod';
import { defineMail, p } from './mail.ts';

const schema = z.object({
  nickname: z.string(),
  /** Why the selfie did not verify the photos, in the admin's words. */
  motivo: z.string(),
});

/** Her selfie did not verify her photos: why, and that she may try again. */
export const photoCheckRejectedMail = defineMail({
  name: 'photo-check-rejected',
  description: 'No se pudieron verificar las fotos: motivo',
  schema,
  samples: { default: { nickname: 'camila_v', motivo: 'La selfie no muestra el código completo.' } },
  subject: () => 'No pudimos verificar tus fotos',
  body: (d) => [
    p(`Hola ${d.nickname}:`),
    p('Revisamos tu selfie y no pudimos verificar tus fotos.'),
    p(`Motivo: ${d.motivo}`),
    p('Puedes pedir un código nuevo y enviar otra selfie desde tu perfil.'),
  ],
});
