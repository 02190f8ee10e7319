import { z } from 'zod';
import { autorizadoValues, estadoValues } from './constants.ts';
import { atiendeValues, idiomaValues, servicioValues } from './profile-details.ts';

/** The optional profile details as answered (decision 0103): null or [] when not stated. */
export const profileDetailsOutShape = {
  tarifa_desde: z.number().int().nullable(),
  servicios: z.array(z.enum(servicioValues)),
  atiende: z.enum(atiendeValues).nullable(),
  horario: z.string().nullable(),
  idiomas: z.array(z.enum(idiomaValues)),
};

/** A profile as shown on public cards and listings: never RUT, e-mail, birth date or password data. */
export const escortCardSchema = z.object({
  nickname: z.string(),
  apellido: z.string(),
  edad: z.number().int(),
  genero: z.string(),
  ciudad: z.string(),
  url: z.string(),
  /** WebP variants for srcset, empty when the photo is an external URL. */
  srcset: z.string(),
  estado: z.enum(estadoValues),
});
export type EscortCard = z.infer<typeof escortCardSchema>;

/** The public card page: the card plus the fields the spec shows on /Card/{nickname}. */
export const escortPublicSchema = escortCardSchema.extend({
  medidas: z.string(),
  legenda: z.string(),
  fono: z.string(),
  autorizado: z.literal('aprobado'),
  actualizado: z.string(),
  /** An admin compared a selfie with these photos and none changed since (decision 0082). */
  fotos_verificadas: z.boolean(),
  ...profileDetailsOutShape,
});
export type EscortPublic = z.infer<typeof escortPublicSchema>;

/**
 * The escort's own card (/TuCard/{nickname}): the same fields, visible to her
 * even while pending approval, paused or suspended, with whether it is listed.
 */
export const escortOwnCardSchema = escortPublicSchema.extend({
  autorizado: z.enum(autorizadoValues),
  listado: z.boolean(),
});
export type EscortOwnCard = z.infer<typeof escortOwnCardSchema>;
