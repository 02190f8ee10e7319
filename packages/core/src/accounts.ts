import { z } from 'zod';
import { autorizadoValues, estadoValues, limits } from './constants.ts';
import { consentFields } from './consent.ts';
import { profileDetailsOutShape } from './escorts.ts';
import { msg } from './messages.ts';
import { normalizeRut, RUT_SHAPE } from './rut.ts';
import {
  birthDateFieldAt,
  cityField,
  idOrPassportField,
  emailField,
  escortRegistrationPasswordField,
  fullNameField,
  generoField,
  newPasswordField,
  nicknameField,
  passwordInputField,
  provisionalCodeField,
} from './fields.ts';

/**
 * Request and response schemas of the account calls (registration, login,
 * passwords, recovery, availability). The API routes and the React forms use
 * these same objects, so a rule and its Spanish message live in one place.
 */

/** Empty or missing gives the form's "all required" text; otherwise the field's own rule applies. */
function required<T extends z.ZodType<unknown, string>>(field: T, message: string = msg.allRequired) {
  return z.string({ error: message }).min(1, message).pipe(field);
}

/**
 * Key that makes an ID unique: a Chilean RUT is compared without dots or hyphen
 * (normalizeRut); a passport keeps its letters (normalizeRut would drop them and
 * make different passports collide), so it is prefixed to stay apart from RUTs.
 */
export function accountRutKey(value: string): string {
  const v = value.trim();
  return RUT_SHAPE.test(v) ? normalizeRut(v) : `P:${v.toUpperCase().replace(/[^0-9A-Z]/g, '')}`;
}

// ---- Registration ---------------------------------------------------------

/** Optional fields the spec's payload carries; the server sets both itself (apellido = nickname, url by gender). */
const serverSetFields = {
  apellido: z.string().max(100).optional(),
  url: z.string().max(2048).optional(),
};

/**
 * Client registration: every empty field reads 'Todos los campos son obligatorios.' The age is checked at
 * `now()`: the API passes its clock; `clientRegisterSchema` (forms) checks at the device's time.
 */
export const clientRegisterSchemaAt = (now: () => Date) =>
  z.object({
    rut_cliente: required(idOrPassportField, msg.idRequired),
    nombre: required(fullNameField, msg.fullNameRequired),
    nickname: required(nicknameField, msg.nicknameRequired),
    fecha_nac: required(birthDateFieldAt(now), msg.birthDateRequired),
    email: required(emailField, msg.emailRequired),
    pass: required(escortRegistrationPasswordField, msg.passwordRequired),
    fono: required(z.string().regex(/^\d{9}$/, msg.phone), msg.phoneRequired),
    genero: generoField,
    ciudad: required(cityField, msg.cityRequired),
    ...consentFields,
    ...serverSetFields,
  });
export const clientRegisterSchema = clientRegisterSchemaAt(() => new Date());
export type ClientRegisterInput = z.infer<typeof clientRegisterSchema>;

export const escortPhoneField = z
  .string({ error: msg.phoneRequired })
  .min(1, msg.phoneRequired)
  .regex(/^\d{9}$/, msg.phoneEscort);

/** Escort registration, the age checked at `now()` like the client's. */
export const escortRegisterSchemaAt = (now: () => Date) =>
  z.object({
    rut_usuario: required(idOrPassportField, msg.idRequired),
    nombre: required(fullNameField, msg.fullNameRequired),
    nickname: nicknameField,
    fecha_nac: required(birthDateFieldAt(now), msg.birthDateRequired),
    email: emailField,
    pass: required(escortRegistrationPasswordField, msg.passwordRequired),
    fono: escortPhoneField,
    genero: generoField,
    ciudad: required(cityField, msg.cityRequired),
    ...consentFields,
    ...serverSetFields,
  });
export const escortRegisterSchema = escortRegisterSchemaAt(() => new Date());
export type EscortRegisterInput = z.infer<typeof escortRegisterSchema>;

/**
 * The repeat must equal the password. It runs whenever both are typed, even while other fields still
 * fail (zod skips an object refinement after any issue unless told when), so a mismatch shows as soon
 * as the repeat is left.
 */
const passwordsMatch = {
  path: ['pass2'],
  message: msg.passwordsDontMatch,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { pass?: unknown; pass2?: unknown } | null;
    return typeof v?.pass === 'string' && typeof v.pass2 === 'string' && v.pass2 !== '';
  },
};

/** The forms add the repeat-password field, which is never sent. */
export const clientRegisterFormSchema = clientRegisterSchema
  .omit({ apellido: true, url: true })
  .extend({ pass2: z.string({ error: msg.passwordRepeatRequired }).min(1, msg.passwordRepeatRequired) })
  .refine((v) => v.pass === v.pass2, passwordsMatch);

export const escortRegisterFormSchema = escortRegisterSchema
  .omit({ apellido: true, url: true })
  .extend({ pass2: z.string({ error: msg.passwordRepeatRequired }).min(1, msg.passwordRepeatRequired) })
  .refine((v) => v.pass === v.pass2, passwordsMatch);

// ---- Login ------------------------------------------------------------------

export const loginSchema = z.object({
  email: z.string({ error: msg.completeAllFields }).trim().min(1, msg.completeAllFields).max(254, msg.email),
  pass: passwordInputField,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The password asked again in place when a write finds the session ended (decision 0144). */
export const sessionRenewalSchema = loginSchema.pick({ pass: true });
export type SessionRenewalInput = z.infer<typeof sessionRenewalSchema>;

export const clientLoginResponseSchema = z.object({
  token: z.string(),
  nickname: z.string(),
  rut_cliente: z.string(),
  autorizado: z.enum(autorizadoValues),
  email: z.string(),
});
export type ClientLoginResponse = z.infer<typeof clientLoginResponseSchema>;

export const escortLoginResponseSchema = z.object({
  token: z.string(),
  nickname: z.string(),
  rut_usuario: z.string(),
  autorizado: z.enum(autorizadoValues),
  email: z.string(),
  tipo_perfil: z.string(),
});
export type EscortLoginResponse = z.infer<typeof escortLoginResponseSchema>;

/**
 * Registration answers carry `sesion`, the same answer a login gives, so the new account is signed in
 * at once (decision 0090: no second login).
 */
export const clientRegisteredSchema = z.object({
  mensaje: z.string(),
  sesion: clientLoginResponseSchema,
  cliente: z.object({
    rut_cliente: z.string(),
    nombre: z.string(),
    apellido: z.string(),
    nickname: z.string(),
    email: z.string(),
    autorizado: z.enum(autorizadoValues),
  }),
});
export const escortRegisteredSchema = z.object({
  success: z.literal(true),
  mensaje: z.string(),
  sesion: escortLoginResponseSchema,
});

// ---- Availability -----------------------------------------------------------

export const existsResponseSchema = z.object({ existe: z.boolean() });

const lookupValue = z.string().trim().min(1).max(254);
export const clientValidateQuerySchema = z.object({
  rut_cliente: lookupValue.optional(),
  email: lookupValue.optional(),
  nickname: lookupValue.optional(),
});
export const escortValidateQuerySchema = z.object({
  rut_usuario: lookupValue.optional(),
  email: lookupValue.optional(),
  nickname: lookupValue.optional(),
});

// ---- Profiles read by their owner --------------------------------------------

export const clientProfileSchema = z.object({
  rut_cliente: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  nickname: z.string(),
  fecha_nac: z.string(),
  email: z.string(),
  genero: z.string(),
  fono: z.string(),
  url: z.string(),
  ciudad: z.string(),
  autorizado: z.enum(autorizadoValues),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** What a listed profile needs beyond approval (decision 0153). */
export const listingRequirementValues = ['foto', 'nombre'] as const;
export type ListingRequirement = (typeof listingRequirementValues)[number];

/** The requirements a profile misses: `hasPhoto` is the search's own-photo flag (not the default avatar). */
export function missingForListing(p: { hasPhoto: boolean; apellido: string }): ListingRequirement[] {
  return listingRequirementValues.filter((r) => (r === 'foto' ? !p.hasPhoto : p.apellido.trim() === ''));
}

export const escortProfileSchema = z.object({
  rut_usuario: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  nickname: z.string(),
  fecha_nac: z.string(),
  email: z.string(),
  genero: z.string(),
  fono: z.string(),
  url: z.string(),
  medidas: z.string(),
  legenda: z.string(),
  ciudad: z.string(),
  estado: z.enum(estadoValues),
  autorizado: z.enum(autorizadoValues),
  tipo_perfil: z.string(),
  motivo: z.string().nullable(),
  ...profileDetailsOutShape,
  /**
   * What her profile lacks to be listed (decision 0153): her own photo, her display name; empty when
   * complete. The dashboard names each one.
   */
  falta_para_listado: z.array(z.enum(listingRequirementValues)),
});
export type EscortProfile = z.infer<typeof escortProfileSchema>;

/** What another signed-in user may see of a client (the client card for escorts). */
export const clientPublicSchema = z.object({
  nickname: z.string(),
  apellido: z.string(),
  genero: z.string(),
  url: z.string(),
  ciudad: z.string(),
});

// ---- Passwords ----------------------------------------------------------------

/** Client change: the server also checks the current password, although the spec's call did not send it. */
export const clientChangePasswordSchema = z.object({
  rut_cliente: z.string({ error: msg.completeAllFields }).min(1, msg.completeAllFields).max(40),
  passActual: passwordInputField,
  pass: newPasswordField,
});
export const escortChangePasswordSchema = z.object({
  nickname: z.string({ error: msg.completeAllFields }).min(1, msg.completeAllFields).max(limits.nicknameMax),
  passActual: passwordInputField,
  newPass: newPasswordField,
});

/** The 'CAMBIAR CONTRASEÑA' form: all three required, then match, then the rule. */
export const changePasswordFormSchema = z
  .object({
    actual: z.string().min(1, msg.completeAllFields),
    nueva: z.string().min(1, msg.completeAllFields),
    repetir: z.string().min(1, msg.completeAllFields),
  })
  .refine((v) => v.nueva === v.repetir, { path: ['repetir'], message: msg.passwordsDontMatch })
  .pipe(
    z.object({
      actual: z.string(),
      nueva: newPasswordField,
      repetir: z.string(),
    }),
  );
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const messageResponseSchema = z.object({ mensaje: z.string() });

// ---- Recovery -------------------------------------------------------------------

export const recoverRequestSchema = z.object({
  email: z.string({ error: msg.emailRequired }).trim().min(1, msg.emailRequired).max(254, msg.email),
});
export const newPasswordSchema = z.object({
  email: z.string({ error: msg.recoveryEmailMissing }).trim().min(1, msg.recoveryEmailMissing).max(254),
  codigoProvisorio: provisionalCodeField,
  nuevaPass: newPasswordField,
  /** The mail's link token when the step was opened from it: proof of the mailbox, so a code lock does not apply. */
  token: z.string().min(20).max(100).optional(),
});
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Recovery step form: code (digits, max 4), new and repeat; `requiredMessage` differs per screen. */
export function recoveryFormSchema(requiredMessage: string) {
  return z
    .object({
      codigo: z.string().min(1, requiredMessage),
      nueva: z.string().min(1, requiredMessage),
      repetir: z.string().min(1, requiredMessage),
    })
    .refine((v) => v.nueva === v.repetir, { path: ['repetir'], message: msg.passwordsDontMatch })
    .pipe(z.object({ codigo: provisionalCodeField, nueva: newPasswordField, repetir: z.string() }));
}
export type RecoveryForm = { codigo: string; nueva: string; repetir: string };

export const resetLinkResponseSchema = z.object({ email: z.string() });
