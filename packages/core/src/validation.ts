import { z } from 'zod';
import { autorizadoValues, limits } from './constants.ts';
import { msg } from './messages.ts';
import { chosenFileField } from './files.ts';

/**
 * Identity validation: the admin's rejection reasons, the request bodies and
 * the response shapes shared by the API routes and the screens.
 */

/** Fixed rejection reasons offered to the admin as checkboxes (accounts spec section 5). */
export const clientRejectionReasons = [
  'Los datos no coinciden con la foto',
  'La foto está mal tomada',
  // The spec's reasons, in tú like the rest of the site (decision 0148).
  'Sube un documento que acredite tu identidad y vuelve a intentarlo',
] as const;

/** The provider version: the same three, without the retry wording. */
export const escortRejectionReasons = [
  'Los datos no coinciden con la foto',
  'La foto está mal tomada',
  'Sube un documento que acredite tu identidad',
] as const;

export const validationKinds = ['cliente', 'usuario'] as const;
export type ValidationKind = (typeof validationKinds)[number];

export const motivoMax = 500;

/** Body of informa-rechazar / informa-autorizado: the reasons already joined with ', '. */
export const motivoBodySchema = z.object(
  {
    motivo: z
      .string({ error: msg.selectReason })
      .trim()
      .min(1, msg.selectReason)
      .max(motivoMax, msg.invalidInput),
  },
  { error: msg.selectReason },
);

/** The admin's free text, one line: spaces and line breaks collapse so the notice reads as one sentence. */
const rejectionDetailField = z
  .string({ error: msg.invalidInput })
  .trim()
  .max(limits.rejectionDetailMax, msg.rejectionDetailTooLong)
  .transform((s) => s.replace(/\s+/g, ' '));

/** Body of a rejection: the spec's joined reasons, plus optional free text ("detalle"). */
export const rejectBodySchema = motivoBodySchema.extend({
  detalle: rejectionDetailField.optional().default(''),
});

/** The admin's rejection form: at least one checked reason (spec), and optional words of their own. */
export const rejectionFormSchema = z.object({
  reasons: z.array(z.string()).min(1, msg.selectReason),
  detalle: rejectionDetailField,
});
export type RejectionForm = z.input<typeof rejectionFormSchema>;

/** Several reasons are joined with ', ' (spec). */
export const joinReasons = (reasons: readonly string[]): string => reasons.join(', ');

/**
 * The stored and shown reason: the joined preset reasons, then the admin's words
 * as their own sentence (a trailing full stop is dropped, since the notice adds one).
 */
export function rejectionMotivo(reasons: string, detalle = ''): string {
  const extra = detalle.trim().replace(/\.+$/, '');
  return extra ? `${reasons}. ${extra}` : reasons;
}

export const uploadResultSchema = z.object({
  fileUrl: z.string(),
  publicId: z.string(),
  mensaje: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The upload screen's form: the photo of the identity document (its size is checked when picked). */
export const documentUploadFormSchema = z.object({ archivo: chosenFileField(msg.fileAndNicknameRequired) });

export const documentInfoSchema = z.object({ imageUrl: z.string(), publicId: z.string() });
export type DocumentInfo = z.infer<typeof documentInfoSchema>;

export const autorizadoSchema = z.object({ autorizado: z.enum(autorizadoValues) });

const pendingBase = {
  nombre: z.string(),
  nickname: z.string(),
  /** Birth date as registered (yyyy-mm-dd) and the age it gives today in Chile: the admin keeps minors out. */
  fecha_nac: z.string(),
  edad: z.number().int(),
  motivo: z.string().nullable(),
  /** publicId of the uploaded document, null when none was uploaded yet. */
  documento: z.string().nullable(),
  creado: z.string(),
};

export const pendingClientSchema = z.object({ rut_cliente: z.string(), email: z.string(), ...pendingBase });
export type PendingClient = z.infer<typeof pendingClientSchema>;

export const pendingEscortSchema = z.object({ rut_usuario: z.string(), ...pendingBase });
export type PendingEscort = z.infer<typeof pendingEscortSchema>;

/** One authorisation notice: a rejection reason while pending, or the approval notice once approved. */
export const authorizationNoticeSchema = z.object({
  nickname: z.string(),
  motivo: z.string(),
  autorizado: z.enum(autorizadoValues),
});
export type AuthorizationNotice = z.infer<typeof authorizationNoticeSchema>;

export const clientNoticesSchema = z.object({ clientes: z.array(authorizationNoticeSchema) });
export const escortNoticesSchema = z.object({ usuario: z.array(authorizationNoticeSchema) });

/**
 * Every decision the audit log records, with the words the admin reads for it.
 * The API's one audit writer takes only these codes, so a new decision cannot
 * reach the log without its label.
 */
export const auditActionLabels = {
  aprobado: 'Cuenta autorizada',
  rechazado: 'Documento rechazado',
  'aviso-aprobado': 'Aviso de autorización enviado',
  perfil_en_espera: 'Perfil en espera por denuncia',
  denuncia_descartada: 'Denuncia descartada',
  perfil_suspendido: 'Perfil suspendido',
  perfil_reincorporado: 'Perfil reincorporado',
  rectificacion_aplicada: 'Corrección de datos aplicada',
  rectificacion_rechazada: 'Corrección de datos rechazada',
  documento_eliminado_por_plazo: 'Documento eliminado por plazo de conservación',
  cuenta_eliminada: 'Cuenta eliminada por su titular',
  cuenta_eliminada_por_inactividad: 'Cuenta eliminada por inactividad',
  fotos_verificadas: 'Fotos verificadas con selfie',
  verificacion_fotos_rechazada: 'Verificación de fotos rechazada',
  selfie_eliminada_por_plazo: 'Selfie de verificación eliminada por plazo de conservación',
  senal_descartada: 'Señal descartada',
  foto_liberada: 'Foto retenida liberada',
  foto_retirada: 'Foto retenida retirada',
  alerta_confirmada: 'Alerta de seguridad confirmada',
  alerta_descartada: 'Alerta de seguridad descartada',
  alerta_retirada: 'Alerta de seguridad retirada',
  asistencia_ausencia_mantenida: 'Reclamo de asistencia: la ausencia se mantiene',
  asistencia_ausencia_anulada: 'Reclamo de asistencia: la ausencia se anula',
} as const;
export type AuditAction = keyof typeof auditActionLabels;

/** The label of a recorded action; a code this build does not know still reads as words, never as a code. */
export function auditActionLabel(action: string): string {
  const label = (auditActionLabels as Record<string, string>)[action];
  if (label) return label;
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const auditEntrySchema = z.object({
  id: z.number(),
  fecha: z.string(),
  admin: z.string(),
  cuenta: z.string(),
  tipo: z.enum(['cliente', 'usuario']).nullable(),
  accion: z.string(),
  motivos: z.string().nullable(),
  /** A suspension still in force, which the admin may undo from the log (decision 0147). */
  deshacible: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const messageSchema = z.object({ mensaje: z.string() });

/** Wording of the notices shown to the account holder (marketplace spec section 4). */
export const rejectionNotice = (motivo: string, estado: string) =>
  `Motivo de rechazo: ${motivo}. Estado de autorización: ${estado}`;
/**
 * The approval in words a person would say (decision 0148), not the spec's "Motivo de aprobación: Cuenta
 * Autorizada. Estado de autorización: aprobado": the default note adds nothing; an admin's own note follows.
 */
export const approvalNotice = (motivo: string) =>
  motivo === msg.accountAuthorizedNotice ? '¡Tu cuenta fue aprobada!' : `¡Tu cuenta fue aprobada! ${motivo}`;
