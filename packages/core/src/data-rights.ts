import { z } from 'zod';
import { autorizadoValues, estadoValues, limits } from './constants.ts';
import { msg } from './messages.ts';
import { nicknameField, passwordInputField } from './fields.ts';

/**
 * Data rights under Ley 21.719 (access, rectification, deletion, portability,
 * blocking), reports against profiles and escorts blocking clients.
 * The API routes and the React forms share these schemas.
 */

/** Reasons offered by 'Denunciar perfil'; the key is stored, the label is what people read. */
export const reportReasons = ['menor', 'suplantacion', 'trata', 'spam', 'otro'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  menor: 'Posible menor de edad',
  suplantacion: 'Suplantación o fotos falsas',
  trata: 'Trata o coerción',
  spam: 'Spam',
  otro: 'Otro',
};
/**
 * A report of this reason puts the profile on hold (hidden until an admin decides) only when it
 * comes from an approved client who had an accepted meeting with her, or from an admin: evidence a
 * competitor cannot fake with a few networks. Any other one (anonymous, however many) stays visible,
 * is urgent in the admin queue and mails the admins at once.
 */
export const holdReason: ReportReason = 'menor';

export const reportStatusValues = ['abierta', 'descartada', 'suspendida'] as const;

export const reportCreateSchema = z.object({
  nickname_usuario: z.string({ error: msg.reportTarget }).min(1, msg.reportTarget).max(40, msg.reportTarget),
  motivo: z.enum(reportReasons, { error: msg.reportReasonRequired }),
  detalle: z.string().trim().max(limits.reportDetailMax, msg.reportDetailTooLong).optional().default(''),
});
export type ReportCreate = z.input<typeof reportCreateSchema>;

/** "Suspender perfil" asks why: the escort reads it in her mail, the audit log keeps it (decision 0147). */
export const suspensionSchema = z.object({
  motivo: z
    .string({ error: msg.suspensionReasonRequired })
    .trim()
    .min(5, msg.suspensionReasonRequired)
    .max(500, msg.suspensionReasonTooLong),
});
export type Suspension = z.infer<typeof suspensionSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  nickname_usuario: z.string(),
  motivo: z.enum(reportReasons),
  detalle: z.string(),
  estado: z.enum(reportStatusValues),
  fecha: z.string(),
  decidida_el: z.string().nullable(),
  /** The profile still exists (it may have been deleted by its owner since). */
  perfil_existe: z.boolean(),
  /** The profile is hidden right now (on hold or suspended). */
  perfil_suspendido: z.boolean(),
  /** Open reports of the same profile, this one included. */
  denuncias_abiertas: z.number().int(),
  /** Distinct people behind the open reports of the same profile (the queue ranks by it). */
  denunciantes: z.number().int(),
  /** An open possible-minor report whose profile is still visible: first in the queue, mailed to the admins. */
  urgente: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

/** Why the site hides a profile: on hold after a possible-minor report, or suspended by an admin. */
export const holdStates = ['en_espera', 'suspendido'] as const;

/**
 * A profile as the admin reviews it after a report (/pendientes/perfil/{nickname}):
 * who is behind it (name, RUT, birth date and age, to compare with the document),
 * what the public would see, whether and why it is hidden, and its reports.
 */
export const adminProfileSchema = z.object({
  nickname: z.string(),
  /** Display name ('Nombre para Mostrar'). */
  apellido: z.string(),
  nombre: z.string(),
  rut: z.string(),
  fecha_nac: z.string(),
  edad: z.number().int(),
  email: z.string(),
  fono: z.string(),
  genero: z.string(),
  ciudad: z.string(),
  url: z.string(),
  srcset: z.string(),
  medidas: z.string(),
  legenda: z.string(),
  estado: z.enum(estadoValues),
  autorizado: z.enum(autorizadoValues),
  /** Paused by the escort herself. */
  pausado: z.boolean(),
  /** Shown in listings right now. */
  listado: z.boolean(),
  /** Null while the site does not hide it; `motivo` and `desde` come from the decision that hid it. */
  retencion: z
    .object({ estado: z.enum(holdStates), motivo: z.string().nullable(), desde: z.string().nullable() })
    .nullable(),
  /** Every report about the profile, newest first. */
  denuncias: z.array(reportSchema),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const reportListQuerySchema = z.object({
  estado: z.enum([...reportStatusValues, 'todas']).default('abierta'),
});

/** Read-only fields whose correction goes through an admin. */
export const rectifiableFields = ['nombre', 'fecha_nac', 'rut'] as const;
export type RectifiableField = (typeof rectifiableFields)[number];
export const rectifiableFieldLabels: Record<RectifiableField, string> = {
  nombre: 'Nombre',
  fecha_nac: 'Fecha de nacimiento',
  rut: 'RUT o pasaporte',
};

export const rectificationStatusValues = ['abierta', 'resuelta', 'rechazada'] as const;

export const rectificationCreateSchema = z.object({
  campo: z.enum(rectifiableFields, { error: msg.rectificationFieldRequired }),
  valor: z
    .string({ error: msg.rectificationValueRequired })
    .trim()
    .min(1, msg.rectificationValueRequired)
    .max(120, msg.rectificationValueRequired),
  detalle: z.string().trim().max(limits.reportDetailMax, msg.reportDetailTooLong).optional().default(''),
});
export type RectificationCreate = z.input<typeof rectificationCreateSchema>;

export const rectificationSchema = z.object({
  id: z.number().int(),
  campo: z.enum(rectifiableFields),
  valor: z.string(),
  detalle: z.string(),
  estado: z.enum(rectificationStatusValues),
  fecha: z.string(),
});
export type Rectification = z.infer<typeof rectificationSchema>;

export const adminRectificationSchema = rectificationSchema.extend({
  nickname: z.string(),
  tipo: z.enum(['cliente', 'usuario']),
  /** What the account holds today, so the admin can compare. */
  valor_actual: z.string(),
});
export type AdminRectification = z.infer<typeof adminRectificationSchema>;

export const rectificationDecisionSchema = z.object({
  estado: z.enum(['resuelta', 'rechazada'], { error: msg.invalidInput }),
});

export const deleteAccountSchema = z.object({ pass: passwordInputField });
export type DeleteAccount = z.input<typeof deleteAccountSchema>;
/** The page's form adds the tick that says she understands it cannot be undone (never sent). */
export const deleteAccountFormSchema = deleteAccountSchema.extend({
  entiendo: z.boolean().refine((v) => v, msg.deleteConfirmRequired),
});

export const pauseSchema = z.object({ pausado: z.boolean({ error: msg.invalidInput }) });

export const blockSchema = z.object({ nickname_cliente: nicknameField });
export type BlockInput = z.input<typeof blockSchema>;

/** What 'Mis datos' shows: the state of the person's rights in one read. */
export const myDataSchema = z.object({
  tipo: z.enum(['cliente', 'usuario', 'admin']),
  nickname: z.string(),
  pausado: z.boolean().nullable(),
  suspendido: z.boolean().nullable(),
  /**
   * Why an escort's profile is hidden by the site, if it is: on hold after a possible-minor report
   * ('en_espera', an admin will review it) or suspended by an admin ('suspendido'). Null otherwise.
   */
  revision: z.enum(holdStates).nullable(),
  documento: z
    .object({
      subido_el: z.string(),
      /** Date of automatic deletion, once the account is approved. */
      se_elimina_el: z.string().nullable(),
    })
    .nullable(),
  retencion_dias: z.number().int(),
  rectificaciones: z.array(rectificationSchema),
  bloqueados: z.array(z.object({ nickname_cliente: z.string(), desde: z.string() })).nullable(),
});
export type MyData = z.infer<typeof myDataSchema>;

export const messageSchema = z.object({ mensaje: z.string() });

/** Shown in place of comments and ratings by a person who deleted their account. */
export const deletedUserName = 'Usuario eliminado';
