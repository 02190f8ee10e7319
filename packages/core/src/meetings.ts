import { z } from 'zod';
import { meetingStatusValues, meetingPairSchema } from './marketplace.ts';
import { chileLocalToIso } from './chile-time.ts';
import { attendanceCountsShape, meetingAttendanceSchema } from './attendance.ts';
import { alertBadgeSchema, alertCategoryValues, alertStatusValues } from './alerts.ts';
import { msg } from './messages.ts';
import { CONTROL_CHARS } from './plain-text.ts';

/**
 * What a meeting request carries besides the pair, the escort's answers, the
 * conversation attached to an accepted meeting and the "Mis citas" view.
 * API routes and React forms build on the same schemas.
 */

export const meetingRules = {
  /** A requested or proposed time is at least this far ahead... */
  minLeadMs: 60 * 60 * 1000,
  /** ...and at most this far. */
  maxLeadMs: 30 * 24 * 60 * 60 * 1000,
  durationMin: 60,
  durationMax: 720,
  durationStep: 30,
  messageMax: 500,
  rejectReasonMax: 300,
  chatTextMax: 1000,
  /** The conversation stays open until this long after the meeting time. */
  conversationAfterMs: 7 * 24 * 60 * 60 * 1000,
  /** Each side may review from the meeting time (decision 0157) until this long after it. */
  reviewAfterMs: 14 * 24 * 60 * 60 * 1000,
  /** A message mails the recipient only when she has not opened the conversation for this long. */
  messageMailQuietMs: 15 * 60 * 1000,
  /** A comment's author may delete it within this time. */
  commentDeleteMs: 24 * 60 * 60 * 1000,
} as const;

export const lugarValues = ['en_su_lugar', 'a_domicilio', 'hotel'] as const;
export type Lugar = (typeof lugarValues)[number];

/** Spanish labels; `en_su_lugar` is "her place", so the escort reads it as her own. */
export const lugarLabels: Record<'client' | 'escort', Record<Lugar, string>> = {
  client: { en_su_lugar: 'En su lugar', a_domicilio: 'A domicilio (tu lugar)', hotel: 'Hotel' },
  escort: { en_su_lugar: 'En tu lugar', a_domicilio: 'A domicilio (su lugar)', hotel: 'Hotel' },
};

/** A free text of up to `max` characters (may be empty), plain text only. */
const upToText = (max: number, tooLong: string) =>
  z
    .string({ error: msg.invalidInput })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(max, tooLong)
        .refine((v) => !CONTROL_CHARS.test(v), msg.textInvalidChars),
    );

/** ISO 8601 with an explicit offset (or Z), e.g. 2026-03-14T21:30:00-03:00. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The written date and time exist on the calendar (Date.parse would roll 31 February into March). */
function onCalendar(value: string): boolean {
  const [y, m, d, h, min] = value.slice(0, 16).split(/[-T:]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && h < 24 && min < 60;
}

/** Why a meeting time is not acceptable at `now`, or null when it is. */
export function meetingTimeProblem(value: string, now: Date): string | null {
  if (!ISO_WITH_OFFSET.test(value) || !onCalendar(value) || Number.isNaN(Date.parse(value)))
    return msg.meetingTimeInvalid;
  const at = Date.parse(value);
  if (at < now.getTime() + meetingRules.minLeadMs) return msg.meetingTimeTooSoon;
  if (at > now.getTime() + meetingRules.maxLeadMs) return msg.meetingTimeTooFar;
  return null;
}

/** The meeting time field, checked against a clock (the server's is injectable for tests). */
export const meetingTimeField = (now: () => Date) =>
  z
    .string({ error: msg.meetingTimeRequired })
    .min(1, msg.meetingTimeRequired)
    .superRefine((v, ctx) => {
      const problem = meetingTimeProblem(v, now());
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const durationField = z.coerce
  .number({ error: msg.durationInvalid })
  .int(msg.durationInvalid)
  .min(meetingRules.durationMin, msg.durationInvalid)
  .max(meetingRules.durationMax, msg.durationInvalid)
  .multipleOf(meetingRules.durationStep, msg.durationInvalid);

export const lugarField = z.enum(lugarValues, { error: msg.placeRequired });
export const requestMessageField = upToText(meetingRules.messageMax, msg.requestMessageTooLong);

/** The details a client sends with a request. */
export const requestDetailsSchema = (now: () => Date) =>
  z.object({
    fecha_hora: meetingTimeField(now),
    duracion_min: durationField,
    lugar: lugarField,
    mensaje: requestMessageField.optional(),
  });
export type RequestDetails = z.infer<ReturnType<typeof requestDetailsSchema>>;

/** POST appointments/solicitar and reutilizar-estado: the pair plus the details. */
export const meetingRequestSchema = (now: () => Date) =>
  meetingPairSchema.extend(requestDetailsSchema(now).shape);

/** The escort's rejection may carry a reason the client reads. */
export const rejectBodySchema = meetingPairSchema.extend({
  motivo: upToText(meetingRules.rejectReasonMax, msg.rejectReasonTooLong).optional(),
});
export type RejectBody = z.infer<typeof rejectBodySchema>;
/** 'Rechazar' as a form: the optional reason only (the pair comes from the meeting). */
export const rejectReasonFormSchema = rejectBodySchema.pick({ motivo: true });

/** POST appointments/proponer: another time for the pending request. */
export const proposalSchema = (now: () => Date) =>
  meetingPairSchema.extend({ fecha_hora: meetingTimeField(now) });

// ---- The conversation -------------------------------------------------------------

export const chatTextField = z
  .string({ error: msg.chatTextRequired })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, msg.chatTextRequired)
      .max(meetingRules.chatTextMax, msg.chatTextTooLong)
      .refine((v) => !CONTROL_CHARS.test(v), msg.textInvalidChars),
  );
export const chatPostSchema = z.object({ texto: chatTextField });

export const chatMessageSchema = z.object({
  id: z.number().int(),
  texto: z.string(),
  fecha: z.string(),
  /** Written by the caller. */
  mio: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  cita: z.string(),
  /** The caller may still write (accepted, within 7 days after the meeting, no block). */
  abierta: z.boolean(),
  /** Until when it stays open (ISO), null for a meeting without a time. */
  hasta: z.string().nullable(),
  otra_parte: z.object({ nickname: z.string(), nombre: z.string() }),
  mensajes: z.array(chatMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const meetingIdParam = z.object({ id: z.uuid({ error: msg.conversationNotFound }) });

// ---- "Mis citas" --------------------------------------------------------------------

export const meetingActionValues = [
  'aceptar',
  'rechazar',
  'proponer',
  'aceptar_propuesta',
  'cancelar',
  'conversar',
  'comentar',
  'calificar',
] as const;
export type MeetingAction = (typeof meetingActionValues)[number];

export const meetingGroupValues = ['por_responder', 'proximas', 'pasadas'] as const;
export type MeetingGroup = (typeof meetingGroupValues)[number];

const notesView = z.object({
  nota1: z.number(),
  nota2: z.number(),
  nota3: z.number(),
  nota4: z.number(),
  nota5: z.number(),
});

/** One side's review of a meeting: the client's comment and rating, or the escort's rating. */
export const reviewViewSchema = z.object({
  notas: notesView.nullable(),
  comentario: z.string().nullable(),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const myMeetingSchema = z.object({
  id: z.string(),
  estado: z.enum(meetingStatusValues),
  /** A pending request whose time passed without an answer. */
  vencida: z.boolean(),
  fecha_hora: z.string().nullable(),
  duracion_min: z.number().int().nullable(),
  lugar: z.enum(lugarValues).nullable(),
  mensaje: z.string().nullable(),
  motivo_rechazo: z.string().nullable(),
  propuesta: z.object({ fecha_hora: z.string() }).nullable(),
  /** The caller's side of the pair. */
  rol: z.enum(['client', 'escort']),
  otra_parte: z.object({
    nickname: z.string(),
    nombre: z.string(),
    url: z.string(),
    /** The other side's attendance record as counts (decision 0174); null below three meetings. */
    ...attendanceCountsShape,
  }),
  no_leidos: z.number().int(),
  acciones: z.array(z.enum(meetingActionValues)),
  grupo: z.enum(meetingGroupValues),
  conversacion_hasta: z.string().nullable(),
  resena: z.object({
    /** When the review opens (ISO, the meeting's time) while that is still ahead; null once open (decision 0157). */
    desde: z.string().nullable(),
    /** Until when each side may review (ISO), null before acceptance. */
    hasta: z.string().nullable(),
    /** The caller's own review, shown at once. */
    mia: reviewViewSchema.nullable(),
    /** The caller's review is visible to others (both reviewed or the window ended). */
    mia_publicada: z.boolean(),
    /** The other side's review of the caller, only once visible. */
    suya: reviewViewSchema.nullable(),
    /** The other side reviewed: theirs shows once the caller reviews too (or the window ends). */
    suya_pendiente: z.boolean(),
  }),
  creada: z.string(),
  /**
   * For the escort: the client's confirmed safety alerts in force, category and month only (decision
   * 0171); always empty for the client.
   */
  alertas: z.array(alertBadgeSchema),
  /** For the escort: she may file a safety alert on this meeting now (accepted, within its window, none yet). */
  puede_alertar: z.boolean(),
  /** For the escort: the alert she filed on this meeting, if any. */
  mi_alerta: z
    .object({ categoria: z.enum(alertCategoryValues), estado: z.enum(alertStatusValues) })
    .nullable(),
  /** Whether the meeting happened, as each side marked it (decision 0173). */
  asistencia: meetingAttendanceSchema,
});
export type MyMeeting = z.infer<typeof myMeetingSchema>;

export const myMeetingsSchema = z.object({ citas: z.array(myMeetingSchema) });
export type MyMeetings = z.infer<typeof myMeetingsSchema>;

/** The nav badge: meetings waiting for the caller's answer, and meetings with unread messages. */
export const meetingSummarySchema = z.object({
  por_responder: z.number().int(),
  no_leidos: z.number().int(),
  total: z.number().int(),
});
export type MeetingSummary = z.infer<typeof meetingSummarySchema>;

// ---- Forms (the web's date and time inputs, in Chile's time) ------------------------

const dateAndTime = {
  fecha: z.string().min(1, msg.meetingTimeRequired),
  hora: z.string().min(1, msg.meetingTimeRequired),
};

/** Checks the date and time together as one meeting time; the message shows under the date. */
const checkTime = (now: () => Date) => (v: { fecha: string; hora: string }, ctx: z.RefinementCtx) => {
  const iso = chileLocalToIso(v.fecha, v.hora);
  const problem = iso ? meetingTimeProblem(iso, now()) : msg.meetingTimeInvalid;
  if (problem) ctx.addIssue({ code: 'custom', path: ['fecha'], message: problem });
};

/** The escort's "Proponer otra hora" form. */
export const proposalFormSchema = (now: () => Date) => z.object(dateAndTime).superRefine(checkTime(now));
export type ProposalForm = z.infer<ReturnType<typeof proposalFormSchema>>;

/** The client's request form: the same rules as the API's body, with the date and time apart. */
export const requestFormSchema = (now: () => Date) =>
  z
    .object({
      ...dateAndTime,
      duracion_min: durationField,
      lugar: lugarField,
      mensaje: requestMessageField,
    })
    .superRefine(checkTime(now));
export type RequestForm = z.infer<ReturnType<typeof requestFormSchema>>;

/** The durations a request may ask for (1 to 12 hours in steps of 30 minutes). */
export const durationOptions = Array.from(
  { length: (meetingRules.durationMax - meetingRules.durationMin) / meetingRules.durationStep + 1 },
  (_, i) => meetingRules.durationMin + i * meetingRules.durationStep,
);
