import { z } from 'zod';
import { limits, generoValues, estadoValues } from './constants.ts';
import { msg } from './messages.ts';
import { isValidClientId } from './rut.ts';
import { latestAdultBirthDate } from './age.ts';
import { findComuna } from './geo.ts';
import {
  hasLettersAndDigits,
  isCommonPassword,
  isVisiblePassword,
  PASSWORD_MAX,
  passwordLength,
} from './passwords.ts';

/** Reusable field schemas carrying the spec's Spanish messages. */
export const rutField = z
  .string({ error: msg.allRequired })
  .min(limits.rutMin, msg.rut)
  .regex(/^\S+$/, msg.rut)
  .max(20, msg.rut);

/**
 * 'RUT o Pasaporte', for clients and escorts alike (the data model's "ID or passport"; decision 0145): a
 * value written like a RUT needs its check digit, anything else must look like a passport number. The
 * identity document the admin checks is the proof either way.
 */
export const idOrPassportField = rutField.refine(isValidClientId, msg.rutFormat);

export const fullNameField = z
  .string({ error: msg.allRequired })
  .trim()
  .min(limits.fullNameMin, msg.fullName)
  .max(100, msg.fullName);

/**
 * Lowercase a-z and digits, 4 to 10 long. Each rule has its own words, so the visitor reads the rule
 * that failed (decision 0090): capitals, then accents or ñ, then spaces and symbols (the spec's text), then
 * the length. The checks do not stop at the first failure; forms and the API show the first message.
 */
export const nicknameField = z
  .string({ error: msg.nicknameRequired })
  .min(1, msg.nicknameRequired)
  .regex(/^\P{Lu}*$/u, msg.nicknameUppercase)
  .regex(/^(?:[a-z]|\P{Ll})*$/u, msg.nicknameAccents)
  .regex(/^[a-z0-9]*$/, msg.nickname)
  .min(limits.nicknameMin, msg.nicknameTooShort)
  .max(limits.nicknameMax, msg.nicknameTooLong);

/**
 * The nickname a typed one would become (lowercase, accents and ñ dropped to their letter, spaces and
 * symbols removed, cut to the maximum). Forms offer it, never apply it silently.
 */
export function normalizeNickname(v: string): string {
  return v
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, limits.nicknameMax);
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,6}$/;
export const emailField = z
  .string({ error: msg.emailRequired })
  .min(1, msg.emailRequired)
  .max(254, msg.email)
  .regex(EMAIL_PATTERN, msg.email);

export const phoneField = z
  .string({ error: msg.phoneRequired })
  .min(1, msg.phoneRequired)
  .regex(/^\d{9}$/, msg.phone);

/**
 * A birth date of someone 18 or older at `now()`: the server passes its clock (apps/api/src/lib/clock.ts),
 * so a test can cross the 18th birthday at its edge; a form in the browser, the browser's time.
 */
export const birthDateFieldAt = (now: () => Date) =>
  z
    .string({ error: msg.allRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg.underage)
    .refine((v) => !Number.isNaN(Date.parse(v)), msg.underage)
    .refine((v) => v <= latestAdultBirthDate(now()), msg.underage)
    .refine((v) => v >= '1900-01-01', msg.underage);

export const generoField = z.enum(generoValues, { error: msg.genderRequired });

export const cityField = z
  .string({ error: msg.cityRequired })
  .min(1, msg.cityRequired)
  .refine((v) => findComuna(v) !== undefined, msg.cityRequired);

/** Escort and client registration password: 6+ characters with letters and digits, not a common one. */
export const escortRegistrationPasswordField = z
  .string({ error: msg.completeRequired })
  .refine((v) => passwordLength(v) >= limits.escortRegistrationPasswordMin, msg.escortPasswordLength)
  .refine((v) => passwordLength(v) <= PASSWORD_MAX, msg.passwordTooLong)
  .refine(isVisiblePassword, msg.passwordInvisible)
  .refine(hasLettersAndDigits, msg.escortPasswordMix)
  .refine((v) => !isCommonPassword(v), msg.passwordCommon);

/**
 * Any password set after registration: 7+ characters with at least one letter
 * and one digit. Spaces and symbols are welcome (the spec's "only letters and
 * digits, no spaces" blocked passphrases; see decision 0050).
 */
export const newPasswordField = z
  .string({ error: msg.newPasswordRequired })
  .min(1, msg.newPasswordRequired)
  .refine((v) => passwordLength(v) <= PASSWORD_MAX, msg.passwordTooLong)
  .refine(isVisiblePassword, msg.passwordInvisible)
  .refine((v) => passwordLength(v) >= limits.passwordMin && hasLettersAndDigits(v), msg.newPasswordRule)
  .refine((v) => !isCommonPassword(v), msg.passwordCommon);

/** A password typed to log in or confirm: only presence is checked. */
export const passwordInputField = z
  .string({ error: msg.completeAllFields })
  .min(1, msg.completeAllFields)
  .max(128);

export const provisionalCodeField = z
  .string({ error: msg.completeAllFields })
  .regex(/^\d{4}$/, msg.codeInvalid);

export const medidasField = z.string().regex(/^(\d{2}\/\d{2}\/\d{2})?$/, msg.medidas);
export const legendaField = z.string().max(limits.legendaMax, msg.legenda);
export const imageUrlField = z
  .string()
  .max(2048, msg.imageUrl)
  .regex(/^https?:\/\/\S+$/i, msg.imageUrl);
export const estadoField = z.enum(estadoValues, { error: msg.statusChangeFailed });

/** Typing filters the forms apply as the user types. */
export const inputFilters = {
  email: (v: string) => v.replace(/\s/g, ''),
  // The browser's autofill ("tel") gives the number with Chile's +56; the field keeps the 9 national
  // digits (decision 0138).
  phone: (v: string) =>
    v
      .replace(/^\s*(\+|00)\s*56/, '')
      .replace(/\D/g, '')
      .slice(0, limits.phoneDigits),
  digits: (v: string, max: number) => v.replace(/\D/g, '').slice(0, max),
  medidas: (v: string) =>
    v
      .replace(/\D/g, '')
      .slice(0, 6)
      .replace(/(\d{2})(?=\d)/g, '$1/'),
};
