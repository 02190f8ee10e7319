import { z } from 'zod';
import { emailField } from './fields.ts';
import { chosenFileField } from './files.ts';
import { msg } from './messages.ts';

/** Verified photos (decision 0082). */
export const photoVerificationStatusValues = ['pendiente', 'aprobada', 'rechazada'] as const;
/** How long the code shown for the selfie stays valid. */
export const PHOTO_CODE_TTL_MS = 30 * 60 * 1000;
export const PHOTO_CODE_PREFIX = 'ENCANTO-';
/** Selfies are deleted this many days after the decision (like a rejected identity document). */
export const SELFIE_RETENTION_DAYS = 30;

export const photoCodeSchema = z.object({ codigo: z.string(), vence: z.string() });
export type PhotoCode = z.infer<typeof photoCodeSchema>;

/** What the escort sees of her own verification. */
export const photoVerificationStateSchema = z.object({
  fotos_verificadas: z.boolean(),
  /** The code she was given and has not used yet, while it lasts (decision 0146). */
  codigo: photoCodeSchema.nullable(),
  ultima: z
    .object({
      id: z.string(),
      estado: z.enum(photoVerificationStatusValues),
      motivo: z.string().nullable(),
      enviada: z.string(),
      decidida: z.string().nullable(),
    })
    .nullable(),
});
export type PhotoVerificationState = z.infer<typeof photoVerificationStateSchema>;

/** One selfie waiting for an admin, with what to compare it against. */
export const adminPhotoVerificationSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  codigo: z.string(),
  enviada: z.string(),
  selfie_url: z.string(),
  foto_perfil: z.string(),
  galeria: z.array(z.string()),
  documento_url: z.string().nullable(),
});
export type AdminPhotoVerification = z.infer<typeof adminPhotoVerificationSchema>;

const reasonField = z
  .string({ error: msg.photoCheckReasonRequired })
  .trim()
  .min(3, msg.photoCheckReasonRequired)
  .max(300, msg.photoCheckReasonRequired);
export const photoRejectSchema = z.object({ motivo: reasonField });
/** "Enviar selfie" as a form: the picked selfie (the code comes from the server's answer). */
export const selfieFormSchema = z.object({ archivo: chosenFileField(msg.fileAndNicknameRequired) });

/** Signals for the administrator. */
export const signalKindValues = [
  'misma_foto',
  'mismo_telefono',
  'mismo_documento',
  'muchas_cuentas',
] as const;
export type SignalKind = (typeof signalKindValues)[number];
export const signalKindLabels: Record<SignalKind, string> = {
  misma_foto: 'Misma foto en varias cuentas',
  mismo_telefono: 'Mismo teléfono en varios perfiles',
  mismo_documento: 'Mismo documento de identidad',
  muchas_cuentas: 'Muchas cuentas desde una dirección',
};

export const signalSchema = z.object({
  /** Stable while the group has the same accounts: dismissing names it. */
  clave: z.string(),
  tipo: z.enum(signalKindValues),
  encontrada: z.string(),
  /** Some account of the group is a listed profile: the panel flags these. */
  perfil_publicado: z.boolean(),
  cuentas: z.array(
    z.object({
      nickname: z.string(),
      tipo: z.enum(['cliente', 'usuario', 'admin']),
      autorizado: z.enum(['pendiente', 'aprobado']),
      publicado: z.boolean(),
    }),
  ),
  /**
   * For "misma_foto": the pictures of the group held as near copies (decision 0177) and the admin's
   * decision on each; decided in /admin/fotos-retenidas.
   */
  fotos_retenidas: z.array(
    z.object({
      id: z.string(),
      nickname: z.string(),
      estado: z.enum(['en_revision', 'liberada', 'retirada']),
    }),
  ),
});
export type Signal = z.infer<typeof signalSchema>;
export const signalDismissSchema = z.object({
  nota: z
    .string({ error: msg.signalNoteRequired })
    .trim()
    .min(3, msg.signalNoteRequired)
    .max(300, msg.signalNoteRequired),
});

/** Safety check-in. */
export const checkinStatusValues = ['activo', 'cerrado', 'vencido'] as const;
export const CHECKIN_MIN_MS = 15 * 60 * 1000;
export const CHECKIN_MAX_MS = 12 * 60 * 60 * 1000;
export const CHECKIN_REMINDER_MS = 10 * 60 * 1000;
export const CHECKIN_MAX_ACTIVE = 3;
/**
 * Daily budgets of the check-in mail (rolling 24 h). Only approved escorts start check-ins; each may
 * start this many a day, and name this many new contacts (each new contact is one invitation mail).
 */
export const CHECKIN_DAILY_PER_ACCOUNT = 10;
export const CHECKIN_NEW_CONTACTS_PER_ACCOUNT = 3;
/** Mails one contact address may get a day from all accounts together (invitations and alerts). */
export const CHECKIN_MAILS_PER_ADDRESS = 10;

export const checkinCreateSchema = z.object({
  cita_id: z.string().uuid(msg.checkinMeetingInvalid).optional(),
  vence: z.iso.datetime({ offset: true, error: msg.checkinDeadlineRange }),
  contacto_email: z.string({ error: msg.checkinContactRequired }).trim().pipe(emailField),
  nota: z.string().trim().max(500, msg.checkinNoteTooLong).optional(),
});
export type CheckinCreate = z.infer<typeof checkinCreateSchema>;
/**
 * "Aviso de seguridad" as a form: in how many hours she confirms (the API gets the time), the
 * contact, and optionally a meeting ('' for none) and a note. The API's own fields and words.
 */
export const checkinFormSchema = checkinCreateSchema.pick({ contacto_email: true, nota: true }).extend({
  horas: z.string(),
  cita_id: z.union([z.literal(''), checkinCreateSchema.shape.cita_id.unwrap()]),
});
export type CheckinForm = z.input<typeof checkinFormSchema>;

export const checkinSchema = z.object({
  id: z.string(),
  estado: z.enum(checkinStatusValues),
  vence: z.string(),
  contacto_email: z.string(),
  contacto_confirmado: z.boolean(),
  /** The contact was mailed the alert (only a contact who confirmed is ever alerted). */
  contacto_avisado: z.boolean(),
  nota: z.string(),
  cita: z
    .object({
      id: z.string(),
      cliente: z.string(),
      fecha_hora: z.string().nullable(),
      lugar: z.string().nullable(),
    })
    .nullable(),
  creado: z.string(),
  cerrado: z.string().nullable(),
});
export type Checkin = z.infer<typeof checkinSchema>;
export const contactConfirmSchema = z.object({ token: z.string().min(10).max(100) });
/** The signed link in every check-in mail with which an address refuses all mail from the site. */
export const contactRefusalQuerySchema = z.object({
  t: z
    .string({ error: msg.contactRefusalInvalid })
    .min(10, msg.contactRefusalInvalid)
    .max(200, msg.contactRefusalInvalid),
});
