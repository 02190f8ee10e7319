import { z } from 'zod';
import { limits } from './constants.ts';
import { msg } from './messages.ts';

/**
 * Request and response schemas of the marketplace calls (favourites, meeting
 * requests, comments, ratings). The API routes and the React forms import the
 * same schemas, so a rule and its Spanish message live here once.
 */

/** Nicknames in request bodies: compared case-insensitively with the caller's, never trusted as identity. */
const nick = z.string({ error: msg.invalidInput }).trim().min(1, msg.invalidInput).max(40, msg.invalidInput);
const rut = z.string({ error: msg.invalidInput }).trim().min(1, msg.invalidInput).max(20, msg.invalidInput);

export const commentMaxLength = 1000;

// ---- Favourites -------------------------------------------------------------

export const favoriteBodySchema = z.object({ nick_usuario: nick, rut_cliente: rut });
export type FavoriteBody = z.infer<typeof favoriteBodySchema>;

export const favoriteCheckQuerySchema = z.object({ nick_usuario: nick, nick_cliente: rut });

export const favoriteSchema = z.object({
  nick_usuario: z.string(),
  usuario_nickname: z.string(),
  usuario_url: z.string(),
  apellido: z.string(),
  srcset: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

// ---- Meetings (appointments, conversacion, conversacion-cliente) -------------

export const meetingPairSchema = z.object({ nickname_usuario: nick, nickname_cliente: nick });
export type MeetingPair = z.infer<typeof meetingPairSchema>;

export const meetingStatusValues = ['pendiente', 'aceptada', 'rechazada', 'cancelada', 'cerrada'] as const;
export type MeetingStatus = (typeof meetingStatusValues)[number];

/** Everything one side needs to draw its controls for a pair, in one poll. */
export const meetingStateSchema = z.object({
  /** Status of the pair's latest meeting, null when they never had one. */
  estado: z.enum(meetingStatusValues).nullable(),
  pendiente: z.boolean(),
  acceso: z.boolean(),
  comentado: z.boolean(),
  click: z.boolean(),
  /** The client may rate the escort (latest accepted meeting not rated by the client). */
  puedeCalificarUsuario: z.boolean(),
  /** The escort may rate the client (latest accepted meeting not rated by the escort). */
  puedeCalificarCliente: z.boolean(),
  /** The client already commented this profile today (Chilean date). */
  comentadoHoy: z.boolean(),
});
export type MeetingState = z.infer<typeof meetingStateSchema>;

export const requestItemSchema = z.object({
  nickname_cliente: z.string(),
  url: z.string(),
  genero: z.string(),
  fecha: z.string(),
});
export type RequestItem = z.infer<typeof requestItemSchema>;

export const acceptResultSchema = z.object({ mensaje: z.string(), token: z.string() });
export type AcceptResult = z.infer<typeof acceptResultSchema>;

export const clientCardSchema = z.object({
  nickname: z.string(),
  url: z.string(),
  genero: z.string(),
  /** The caller (an escort) has an accepted meeting with this client that she has not rated yet. */
  puedeCalificar: z.boolean(),
  /** The caller met this client at least once (accepted meeting): she may see the averages. */
  conocido: z.boolean(),
});
export type ClientCard = z.infer<typeof clientCardSchema>;

// ---- Comments ---------------------------------------------------------------

export const commentTextField = z
  .string({ error: msg.commentLoginRequired })
  .trim()
  .min(1, msg.commentLoginRequired)
  .max(commentMaxLength, msg.commentTooLong);

/** The spec's body; `fecha`, `likes` and `fono` are accepted but the server decides them. */
export const commentBodySchema = z.object({
  rut_cliente: rut.optional(),
  fecha: z.string().max(30).optional(),
  comentario: commentTextField,
  likes: z.number().int().optional(),
  fono: z.string().max(30).optional(),
  nick_cliente: nick,
  nick_usuario: nick,
});
export type CommentBody = z.infer<typeof commentBodySchema>;

/** The comment form: only the text is typed. */
export const commentFormSchema = z.object({ comentario: commentTextField });
export type CommentForm = z.infer<typeof commentFormSchema>;

export const commentSchema = z.object({
  id_comentario: z.number().int(),
  nick_cliente: z.string(),
  nick_usuario: z.string(),
  fecha: z.string(),
  comentario: z.string(),
  likes: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;

/** The body's count is ignored: a dislike always adds exactly one. */
export const likesBodySchema = z.object({ likes: z.number().int().optional() }).default({});

export const commentCheckQuerySchema = z.object({
  nick_cliente: nick,
  nick_usuario: nick,
  fecha: z.string().max(30).optional(),
});

// ---- Ratings ----------------------------------------------------------------

const nota = z.coerce
  .number({ error: msg.ratingIncomplete })
  .int(msg.ratingIncomplete)
  .min(limits.ratingMin, msg.ratingIncomplete)
  .max(limits.ratingMax, msg.ratingIncomplete);

export const notesSchema = z.object({ nota1: nota, nota2: nota, nota3: nota, nota4: nota, nota5: nota });
export type Notes = z.infer<typeof notesSchema>;

export const escortRatingBodySchema = notesSchema.extend({ calificador: nick, nickname_usuario: nick });
export type EscortRatingBody = z.infer<typeof escortRatingBodySchema>;

export const clientRatingBodySchema = notesSchema.extend({
  calificador: nick,
  nickname_cliente: nick,
  /** Optional conversation token from aceptar: when sent it must be the meeting's. */
  token_conversacion: z.string().max(100).optional(),
});
export type ClientRatingBody = z.infer<typeof clientRatingBodySchema>;

export const averagesSchema = z.object({
  promedio_nota1: z.number(),
  promedio_nota2: z.number(),
  promedio_nota3: z.number(),
  promedio_nota4: z.number(),
  promedio_nota5: z.number(),
  /** Mean of the five rounded averages, one decimal. */
  promedio_general: z.number(),
  total: z.number().int(),
});
export type Averages = z.infer<typeof averagesSchema>;

/**
 * Averages from running sums: each criterion rounded to a whole number, the
 * overall the mean of those five rounded values with one decimal (the spec's
 * first reading of the overall).
 */
export function averagesFrom(totals: {
  count: number;
  sums: readonly [number, number, number, number, number];
}): Averages {
  const { count, sums } = totals;
  const rounded = sums.map((s) => (count > 0 ? Math.round(s / count) : 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const general = count > 0 ? Math.round((rounded.reduce((a, b) => a + b, 0) / 5) * 10) / 10 : 0;
  return {
    promedio_nota1: rounded[0],
    promedio_nota2: rounded[1],
    promedio_nota3: rounded[2],
    promedio_nota4: rounded[3],
    promedio_nota5: rounded[4],
    promedio_general: general,
    total: count,
  };
}
