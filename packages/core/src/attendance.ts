import { z } from 'zod';
import { msg } from './messages.ts';
import { plainText } from './plain-text.ts';

/**
 * The attendance record both ways ("Asistencia", decisions 0173 and 0174): each side of an accepted meeting
 * says whether it happened. It leaves the pair only as two counts, never as a list of meetings.
 */
export const attendanceResultValues = ['concretada', 'no_se_presento'] as const;
export type AttendanceResult = (typeof attendanceResultValues)[number];

export const attendanceResultLabels: Record<AttendanceResult, string> = {
  concretada: 'Se concretó',
  no_se_presento: 'No se presentó',
};

/** How the administration settles a contested absence: it stands, or it is cancelled. */
export const attendanceSettlementValues = ['ausencia', 'anulada'] as const;

const DAY = 24 * 60 * 60 * 1000;
export const attendanceRules = {
  /** Each side marks from the meeting's time until this long after it (decision 0173). */
  markAfterMs: 7 * DAY,
  /** The other side contests a "no se presentó" within this long after it was marked. */
  disputeAfterMs: 7 * DAY,
  /** Below this many counted meetings the record reads "Nueva en Encanto" / "Nuevo" (decision 0174). */
  minShown: 3,
  disputeTextMax: 500,
  noteMin: 3,
  noteMax: 300,
} as const;

/** POST /api/citas/{id}/asistencia. */
export const attendanceMarkSchema = z.object({
  resultado: z.enum(attendanceResultValues, { error: msg.attendanceResultRequired }),
});

/** The contest form: an optional word for the administration. */
export const attendanceDisputeFormSchema = z.object({
  texto: plainText(0, attendanceRules.disputeTextMax, msg.attendanceDisputeTextLength).optional(),
});
/** POST /api/citas/{id}/asistencia/disputa: the same, and no body at all is fine. */
export const attendanceDisputeSchema = attendanceDisputeFormSchema.nullish().transform((v) => v ?? {});

/** POST /api/admin/asistencia/disputas/{id}/resolver. */
export const attendanceSettleSchema = z.object({
  resolucion: z.enum(attendanceSettlementValues, { error: msg.attendanceResolutionRequired }),
  nota: plainText(attendanceRules.noteMin, attendanceRules.noteMax, msg.alertNoteLength),
});
export type AttendanceSettle = z.infer<typeof attendanceSettleSchema>;

export const attendanceDisputeIdParam = z.object({ id: z.uuid({ error: msg.attendanceDisputeNotFound }) });

/**
 * The record as others see it: completed meetings and absences, both null while fewer than
 * `attendanceRules.minShown` meetings count ("Nueva en Encanto" / "Nuevo", decision 0174).
 */
export const attendanceCountsShape = {
  citas_concretadas: z.number().int().nullable(),
  ausencias: z.number().int().nullable(),
};
export const attendanceCountsSchema = z.object(attendanceCountsShape);
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

/** Where a contested absence stands. */
export const disputeStateValues = ['abierta', 'ausencia', 'anulada'] as const;

/** One meeting's attendance as one side of the pair sees it (in GET /api/citas/mias). */
export const meetingAttendanceSchema = z.object({
  /** From when each side may mark (ISO, the meeting's time); null before acceptance. */
  desde: z.string().nullable(),
  /** Until when (ISO). */
  hasta: z.string().nullable(),
  /** The caller may mark now (accepted, within the window, not marked yet). */
  puede_marcar: z.boolean(),
  /** What the caller marked. */
  mia: z.enum(attendanceResultValues).nullable(),
  /** What the other side marked ("no_se_presento" speaks of the caller). */
  suya: z.enum(attendanceResultValues).nullable(),
  /** The other side says the caller did not come, and the caller may still contest. */
  puede_reclamar: z.boolean(),
  /** Until when the caller may contest (ISO), while the other side's "no se presentó" stands. */
  reclamo_hasta: z.string().nullable(),
  /** The contest of the other side's "no se presentó", once made. */
  reclamo: z.enum(disputeStateValues).nullable(),
  /** The other side contested the caller's "no se presentó". */
  reclamo_de_la_otra_parte: z.enum(disputeStateValues).nullable(),
});
export type MeetingAttendance = z.infer<typeof meetingAttendanceSchema>;

/** The administration's queue of contested absences. */
export const adminAttendanceDisputeSchema = z.object({
  id: z.string(),
  cita_id: z.string().nullable(),
  cita_fecha: z.string().nullable(),
  /** Who said the other did not come, and who contests it. */
  marcada_por: z.string().nullable(),
  marcada_por_tipo: z.enum(['client', 'escort']),
  reclamante: z.string().nullable(),
  marcada_el: z.string(),
  reclamada_el: z.string(),
  texto: z.string().nullable(),
  /** What the contesting side marked, if anything. */
  marca_del_reclamante: z.enum(attendanceResultValues).nullable(),
  estado: z.enum(disputeStateValues),
  nota: z.string().nullable(),
  resuelta_el: z.string().nullable(),
});
export type AdminAttendanceDispute = z.infer<typeof adminAttendanceDisputeSchema>;

/** Counts below the threshold are not shown: a handful of meetings says little and points at each one. */
export function shownCounts(completed: number, absences: number): AttendanceCounts {
  return completed + absences < attendanceRules.minShown
    ? { citas_concretadas: null, ausencias: null }
    : { citas_concretadas: completed, ausencias: absences };
}
