import { z } from 'zod';
import { alertBadgeSchema } from './alerts.ts';
import { attendanceCountsShape } from './attendance.ts';
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

/** Everything one side needs to draw its controls for a pair, in one poll. */
export const meetingStateSchema = z.object({
  /** Status of the pair's latest meeting, null when they never had one. */
  estado: z.enum(meetingStatusValues).nullable(),
  /** Id of the pair's latest meeting (its page in "Mis citas"), null when none. */
  cita: z.string().nullable(),
  pendiente: z.boolean(),
  /** The pending request carries the escort's proposal of another time. */
  propuesta: z.boolean(),
  /** The client may comment: an accepted meeting in its review window he has not commented yet. */
  acceso: z.boolean(),
  comentado: z.boolean(),
  /** The client may use "No Me Gusta" on this profile's comments. */
  click: z.boolean(),
  /** The client may rate the escort (an accepted meeting in its window he has not rated). */
  puedeCalificarUsuario: z.boolean(),
  /** The escort may rate the client (an accepted meeting in its window she has not rated). */
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
  /** A pending request's meeting and what it asks for (decision 0065); absent in the to-rate list. */
  cita: z.string().optional(),
  fecha_hora: z.string().nullable().optional(),
  duracion_min: z.number().int().nullable().optional(),
  lugar: z.string().nullable().optional(),
  mensaje: z.string().nullable().optional(),
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
  /** Confirmed safety alerts in force about him (decision 0171): shown to escorts, category and month only. */
  alertas: z.array(alertBadgeSchema),
  /** His attendance record as counts (decision 0174), for escorts; null below three meetings. */
  ...attendanceCountsShape,
});
export type ClientCard = z.infer<typeof clientCardSchema>;

// ---- Comments ---------------------------------------------------------------

export const commentMinLength = 10;

export const commentTextField = z
  .string({ error: msg.commentLoginRequired })
  .trim()
  .min(1, msg.commentLoginRequired)
  .min(commentMinLength, msg.commentTooShort)
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
  /** The "No Me Gusta" count (the spec's field name). */
  likes: z.number().int(),
  /** False only for the author's own comment while it waits for both reviews or the window's end. */
  publicado: z.boolean(),
  /** When a waiting comment will be published at the latest (ISO), else null. */
  publica_el: z.string().nullable(),
  /** The caller's own "No Me Gusta" is on this comment. */
  no_me_gusta: z.boolean(),
  /** The caller may delete it (author within 24 h; the escort or an admin at 3+ dislikes). */
  eliminable: z.boolean(),
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
  /** Her optional words about the client (decision 0157); blank is none. */
  comentario: z
    .string({ error: msg.clientRatingCommentTooLong })
    .trim()
    .max(limits.clientRatingCommentMax, { error: msg.clientRatingCommentTooLong })
    .optional(),
});
export type ClientRatingBody = z.infer<typeof clientRatingBodySchema>;

export const averagesSchema = z.object({
  /** Each criterion's mean from the running sums, one decimal. */
  promedio_nota1: z.number(),
  promedio_nota2: z.number(),
  promedio_nota3: z.number(),
  promedio_nota4: z.number(),
  promedio_nota5: z.number(),
  /** Mean of the five unrounded criteria, one decimal. */
  promedio_general: z.number(),
  total: z.number().int(),
});
export type Averages = z.infer<typeof averagesSchema>;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Averages from running sums (published ratings only): each criterion is
 * sum / count shown with one decimal, and the overall is the mean of the five
 * unrounded criteria, so rounding never compounds (9.0 where the mean is 8.7).
 */
export function averagesFrom(totals: {
  count: number;
  sums: readonly [number, number, number, number, number];
}): Averages {
  const { count, sums } = totals;
  const means = sums.map((s) => (count > 0 ? s / count : 0));
  const general = count > 0 ? means.reduce((a, b) => a + b, 0) / means.length : 0;
  return {
    promedio_nota1: oneDecimal(means[0]!),
    promedio_nota2: oneDecimal(means[1]!),
    promedio_nota3: oneDecimal(means[2]!),
    promedio_nota4: oneDecimal(means[3]!),
    promedio_nota5: oneDecimal(means[4]!),
    promedio_general: oneDecimal(general),
    total: count,
  };
}
