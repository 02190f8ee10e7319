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

/**
 * A profile as shown on every public card and listing: never RUT, e-mail, birth date or password
 * data. The base of every card shape below, each extended where its view needs more. The API
 * serialises every answer through its route's schema, the cached ones too (lib/send-cached.ts), so a
 * view answers exactly its shape: the richer list card, read once, serves the spec's smaller lists.
 */
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

/** An administrator compared a selfie with her photos and none changed since (decision 0082): the badge. */
const fotosVerificadas = z.boolean();

/** A listing card (the search, the visitors): the card plus what the result grid shows. */
export const escortListCardSchema = escortCardSchema.extend({
  /** Every listed profile passed identity review: true on every card. */
  verificada: z.boolean(),
  fotos_verificadas: fotosVerificadas,
  /** Overall average of the published ratings, one decimal; null without ratings. */
  promedio: z.number().nullable(),
  calificaciones: z.number().int(),
  galeria: z.number().int(),
  /** "Desde $X" on the card; null when she states no rate. */
  tarifa_desde: profileDetailsOutShape.tarifa_desde,
});
export type EscortListCard = z.infer<typeof escortListCardSchema>;

/**
 * What the card pages show beyond the card, around `autorizado`: the public card and her own each
 * keep it where they always answered it.
 */
const cardPageHead = { medidas: z.string(), legenda: z.string(), fono: z.string() };
const cardPageTail = {
  actualizado: z.string(),
  fotos_verificadas: fotosVerificadas,
  ...profileDetailsOutShape,
};

/** The public card page: the card plus the fields the spec shows on /Card/{nickname}. */
export const escortPublicSchema = escortCardSchema.extend({
  ...cardPageHead,
  ...cardPageTail,
  autorizado: z.literal('aprobado'),
});
export type EscortPublic = z.infer<typeof escortPublicSchema>;

/**
 * The escort's own card (/TuCard/{nickname}): the same fields, visible to her
 * even while pending approval, paused or suspended, with whether it is listed.
 */
export const escortOwnCardSchema = escortCardSchema.extend({
  ...cardPageHead,
  autorizado: z.enum(autorizadoValues),
  ...cardPageTail,
  listado: z.boolean(),
});
export type EscortOwnCard = z.infer<typeof escortOwnCardSchema>;
