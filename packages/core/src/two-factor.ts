import { z } from 'zod';
import { clientLoginResponseSchema, escortLoginResponseSchema } from './accounts.ts';
import { msg } from './messages.ts';

/** Lifetimes and limits of the second step (decision 0078). */
export const twoFactorLimits = {
  challengeTtlMs: 5 * 60_000,
  wrongPerChallenge: 5,
  wrongPerAccount: 10,
  accountWindowMs: 15 * 60_000,
  recoveryCodes: 10,
  webauthnTtlMs: 5 * 60_000,
  /** How long a proof (the password or a factor's code) lets a session change factors. */
  reauthWindowMs: 5 * 60_000,
  /** How long the "no fui yo" link of a security notice works. */
  noticeTtlMs: 72 * 3600_000,
} as const;

export const secondFactorKindValues = ['totp', 'passkey', 'totp_o_passkey', 'inscribir'] as const;
export type SecondFactorKind = (typeof secondFactorKindValues)[number];

/** What a login route answers when the password was right but a second step is owed. */
export const secondFactorPendingSchema = z.object({
  segundo_factor: z.enum(secondFactorKindValues),
  desafio: z.string(),
});
export type SecondFactorPending = z.infer<typeof secondFactorPendingSchema>;

export const escortLoginStepSchema = z.union([escortLoginResponseSchema, secondFactorPendingSchema]);
/** The client and escort login routes: the e-mail decides which account answers (decision 0140). */
export const clientOrEscortLoginStepSchema = z.union([
  clientLoginResponseSchema,
  escortLoginResponseSchema,
  secondFactorPendingSchema,
]);
/** The finished login of any of the three routes. */
export const anyLoginResponseSchema = z.union([clientLoginResponseSchema, escortLoginResponseSchema]);

const desafio = z.string({ error: msg.secondFactorExpired }).trim().min(10).max(100);
/** A 6-digit TOTP code (spaces allowed) or a recovery code like `abcd-efgh-23`. */
export const codeField = z
  .string({ error: msg.secondFactorCodeInvalid })
  .trim()
  .min(6, msg.secondFactorCodeInvalid)
  .max(20, msg.secondFactorCodeInvalid);

/** The authenticator app's 6 digits, as typed (the app shows them in groups, so spaces are allowed). */
export const totpCodeField = z
  .string({ error: msg.secondFactorCodeInvalid })
  .trim()
  .refine((v) => /^\d{6}$/.test(v.replace(/\s+/g, '')), msg.secondFactorCodeInvalid);

/** The login's second step as a form: the app's code, or one of the recovery codes. */
export const secondFactorFormSchema = (recovery: boolean) =>
  z.object({ codigo: recovery ? codeField : totpCodeField });
/** The first code of a newly set-up app (enrolment of a user or of an admin). */
export const totpFormSchema = z.object({ codigo: totpCodeField });

export const secondFactorBodySchema = z.object({ desafio, codigo: codeField });
export const challengeBodySchema = z.object({ desafio });

export const totpEnrolmentSchema = z.object({
  secreto: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const recoveryCodesSchema = z.object({ codigos_recuperacion: z.array(z.string()) });

const passField = z.string({ error: msg.completeAllFields }).min(1, msg.completeAllFields).max(200);

/**
 * The fresh proof a factor change needs, when the session gave none in the last minutes: the password
 * (`pass`, as everywhere in the API) or a current code of a factor already set (`codigo`).
 */
export const proofFields = { pass: passField.optional(), codigo: codeField.optional() };
export const reauthBodySchema = z.object(proofFields);
/** The fresh-proof dialog: the password (a factor's code is the other way, from the API only). */
export const reauthFormSchema = z.object({ pass: passField });

/** `codigo` is the new app's first code here, so the proof can only be the password. */
export const confirmTotpBodySchema = z.object({ codigo: codeField, pass: passField.optional() });
export const disableTwoFactorBodySchema = z.object({ pass: passField, codigo: codeField });
/** The form that turns it off: a missing or short code reads as an incomplete form. */
export const disableTwoFactorFormSchema = z.object({
  pass: passField,
  codigo: z.string().trim().min(6, msg.completeAllFields).pipe(codeField),
});
export const notDoneBodySchema = z.object({ token: z.string().trim().min(20).max(100) });

export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int(),
  codigos_restantes: z.number().int(),
  obligatorio: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const sessionInfoSchema = z.object({
  id: z.string(),
  creada: z.string(),
  ultima_actividad: z.string(),
  dispositivo: z.string(),
  actual: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const passkeyInfoSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  creada: z.string(),
  ultimo_uso: z.string().nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

/** A WebAuthn response as the browser library produces it; the server library checks its shape. */
export const webauthnResponseBodySchema = z.object({
  respuesta: z.record(z.string(), z.unknown()),
  nombre: z.string().trim().max(60).optional(),
});
/** Registering a passkey is a factor change: the proof may ride along. */
export const passkeyRegisterBodySchema = webauthnResponseBodySchema.extend({ pass: passField.optional() });

/**
 * A coarse, Spanish device name from a User-Agent: "Chrome en Android". Coarse on purpose: enough
 * to recognise one's own phone, not a fingerprint.
 */
export function deviceName(userAgent: string): string {
  const ua = userAgent || '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iPhone'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} en ${system}`;
  if (browser) return browser;
  if (system) return `Navegador en ${system}`;
  return 'Dispositivo desconocido';
}
