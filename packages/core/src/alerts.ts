import { z } from 'zod';
import { todayInChile } from './chile-time.ts';
import { msg } from './messages.ts';
import { plainText } from './plain-text.ts';

/**
 * Safety alerts between providers (decision 0171): an escort warns the others about a client she had an
 * accepted meeting with. Only the category and the month ever leave the administration; the author and
 * the text never do.
 */
export const alertCategoryValues = [
  'violencia',
  'amenazas',
  'no_pago',
  'robo',
  'sin_proteccion',
  'grabacion',
  'suplantacion',
  'otro',
] as const;
export type AlertCategory = (typeof alertCategoryValues)[number];

export const alertCategoryLabels: Record<AlertCategory, string> = {
  violencia: 'Violencia',
  amenazas: 'Amenazas',
  no_pago: 'No pagó',
  robo: 'Robo',
  sin_proteccion: 'Insistió en no usar protección',
  grabacion: 'Grabó o fotografió sin permiso',
  suplantacion: 'Suplantación de identidad',
  otro: 'Otro motivo',
};

/** Categories that mail the administration the moment they are filed. */
export const urgentAlertCategories: readonly AlertCategory[] = ['violencia', 'amenazas'];

export const alertStatusValues = ['pendiente', 'confirmada', 'descartada', 'retirada'] as const;
export type AlertStatus = (typeof alertStatusValues)[number];

export const alertRules = {
  descriptionMin: 20,
  descriptionMax: 1000,
  answerMin: 10,
  answerMax: 1000,
  noteMin: 3,
  noteMax: 300,
  /** A confirmed alert stops counting this many months after its confirmation. */
  lapseMonths: 12,
  /** An escort may file from the acceptance until this long after the meeting's time (decision 0172). */
  fileAfterMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const alertCategoryField = z.enum(alertCategoryValues, { error: msg.alertCategoryRequired });

/** POST /api/alertas. */
export const alertCreateSchema = z.object({
  cita_id: z.uuid({ error: msg.alertMeetingInvalid }),
  categoria: alertCategoryField,
  descripcion: plainText(alertRules.descriptionMin, alertRules.descriptionMax, msg.alertDescriptionLength),
});
export type AlertCreate = z.infer<typeof alertCreateSchema>;
/** The form on a meeting: the same rules without the meeting id (the screen adds it). */
export const alertFormSchema = alertCreateSchema.omit({ cita_id: true });

/** The admin's note on confirming, dismissing or withdrawing. */
export const alertDecisionSchema = z.object({
  nota: plainText(alertRules.noteMin, alertRules.noteMax, msg.alertNoteLength),
});

/** POST /api/cuenta/alertas/{id}/descargo: the client's one answer. */
export const alertAnswerSchema = z.object({
  texto: plainText(alertRules.answerMin, alertRules.answerMax, msg.alertAnswerLength),
});

export const alertIdParam = z.object({ id: z.uuid({ error: msg.alertNotFound }) });

/** PUT /api/cuenta/seguridad. */
export const alertSettingsSchema = z.object({
  rechazar_con_alertas: z.boolean({ error: msg.invalidInput }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** What an escort sees of a client's confirmed alert in force: the category and the month (YYYY-MM). */
export const alertBadgeSchema = z.object({ categoria: z.enum(alertCategoryValues), fecha: z.string() });
export type AlertBadge = z.infer<typeof alertBadgeSchema>;

/** What the client sees about himself; `vencida` is a confirmed alert past its 12 months. */
export const myAlertStatusValues = ['confirmada', 'vencida', 'retirada'] as const;
export const myAlertSchema = z.object({
  id: z.string(),
  categoria: z.enum(alertCategoryValues),
  fecha: z.string(),
  estado: z.enum(myAlertStatusValues),
  /** Until when it counts (ISO), for a confirmed one. */
  vigente_hasta: z.string().nullable(),
  descargo: z.string().nullable(),
  descargo_fecha: z.string().nullable(),
});
export type MyAlert = z.infer<typeof myAlertSchema>;
export const myAlertsSchema = z.object({ alertas: z.array(myAlertSchema) });

/** The administration's queue. */
export const adminAlertSchema = z.object({
  id: z.string(),
  categoria: z.enum(alertCategoryValues),
  descripcion: z.string(),
  estado: z.enum(alertStatusValues),
  fecha: z.string(),
  cita_fecha: z.string().nullable(),
  cliente: z.string().nullable(),
  autora: z.string().nullable(),
  nota: z.string().nullable(),
  decidida: z.string().nullable(),
  vigente_hasta: z.string().nullable(),
  descargo: z.string().nullable(),
  descargo_fecha: z.string().nullable(),
  /** Other confirmed alerts in force about the same client. */
  otras_confirmadas: z.number().int(),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;

/** The month of a date as Chile reads it, 'YYYY-MM'. */
export function alertMonth(at: Date): string {
  return todayInChile(at).slice(0, 7);
}

const monthNames = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
/** 'YYYY-MM' → 'marzo de 2026'. */
export function formatAlertMonth(month: string): string {
  const [y, m] = month.split('-');
  const name = monthNames[Number(m) - 1];
  return name ? `${name} de ${y}` : month;
}

/** When a confirmation stops counting. */
export function alertLapseOf(confirmedAt: Date): Date {
  const d = new Date(confirmedAt);
  d.setUTCMonth(d.getUTCMonth() + alertRules.lapseMonths);
  return d;
}
