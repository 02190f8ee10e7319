import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * The two consents every registration asks for (Ley 21.719): the terms of
 * service with the privacy policy, and the express consent to process data
 * about sexual life, which art. 16 treats as sensitive. Each is stored with
 * the version of the text the person accepted.
 */
export const consentKindValues = ['terminos', 'datos_sensibles'] as const;
export type ConsentKind = (typeof consentKindValues)[number];

/**
 * The date the current wording of each text took effect. Change it whenever the
 * terms, the privacy policy or a checkbox's words change: new registrations then
 * store the new version, and earlier ones keep the version they accepted.
 */
export const consentVersions: Record<ConsentKind, string> = {
  terminos: '2026-11-25',
  datos_sensibles: '2026-11-25',
};

/**
 * Every wording a checkbox has had, by version: the export and any later
 * question say exactly what a person accepted, even after the words change.
 */
export const consentWordings: Record<ConsentKind, Record<string, string>> = {
  terminos: {
    '2026-11-25': 'Acepto los términos de servicio y la política de privacidad.',
  },
  datos_sensibles: {
    '2026-11-25':
      'Doy mi consentimiento expreso para que se traten mis datos sobre vida sexual (mi perfil, favoritos, citas, comentarios y notas), que la Ley 21.719 considera sensibles, solo para que el directorio funcione. Puedo retirarlo cuando quiera eliminando mi cuenta.',
  },
};

/** The words of a consent in a given version (the current one by default). */
export function consentText(kind: ConsentKind, version: string = consentVersions[kind]): string {
  return consentWordings[kind][version] ?? '';
}

/** The registration body's consent fields: both must be exactly `true`. */
export const consentFields = {
  acepta_terminos: z.literal(true, { error: msg.consentTermsRequired }),
  acepta_datos_sensibles: z.literal(true, { error: msg.consentSensitiveRequired }),
};
