import { z } from 'zod';
import { defaultAvatars, generoValues, limits, type Genero } from './constants.ts';
import { msg } from './messages.ts';
import { findComuna } from './geo.ts';
import { mediaPurposeValues, mediaTypeValues, photoHoldStateValues } from './media.ts';
import { escortPhoneField } from './accounts.ts';
import {
  atiendeValues,
  detailLimits,
  idiomaValues,
  isIdioma,
  isServicio,
  servicioValues,
} from './profile-details.ts';
import {
  estadoField,
  imageUrlField,
  inputFilters,
  legendaField,
  medidasField,
  phoneField,
  rutField,
} from './fields.ts';

/** How long the profile forms keep a result message on screen (the spec times only status and city). */
export const profileMessageMs = 4000;

/** The spec's default avatar per gender; an unknown gender falls back to Femenino's. */
export function defaultAvatarFor(genero: string): string {
  return (generoValues as readonly string[]).includes(genero)
    ? defaultAvatars[genero as Genero]
    : defaultAvatars.Femenino;
}

export function isDefaultAvatar(url: string): boolean {
  return Object.values(defaultAvatars).includes(url);
}

/** Our own image paths: a stored photo or a default avatar. Anything else must be an http(s) URL. */
const OWN_IMAGE_PATH = /^\/(media\/[a-z0-9][a-z0-9/_.-]{0,200}|assets\/avatars\/[a-z]+\.svg)$/;
export const isOwnImagePath = (url: string) => OWN_IMAGE_PATH.test(url) && !url.includes('..');

/**
 * The url a data form sends back: an http(s) address the person typed, or the
 * profile's current own path unchanged (the server checks it is the current one).
 */
export const profileUrlField = z
  .string({ error: msg.profileImageRequired })
  .trim()
  .min(1, msg.profileImageRequired)
  .max(2048, msg.imageUrl)
  .refine((v) => /^https?:\/\/\S+$/i.test(v) || isOwnImagePath(v), msg.imageUrl);

export const displayNameField = z
  .string({ error: msg.displayName })
  .trim()
  .min(2, msg.displayName)
  .max(40, msg.displayName);

/** A subset of a catalogue; the whole list is the field (its error is keyed `servicios`, not `servicios.0`). */
const subsetOf = (catalogue: readonly string[], isMember: (v: string) => boolean, message: string) =>
  z
    .array(z.string({ error: message }).max(40, message), { error: message })
    .max(catalogue.length, message)
    .refine((vs) => vs.every(isMember) && new Set(vs).size === vs.length, message);

// Control characters other than line breaks and tabs: the horario is plain text for the card.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * The optional profile details (decision 0103). Each may be left out (unchanged), sent as null or
 * empty (cleared) or given; the form sends them all.
 */
export const profileDetailsShape = {
  tarifa_desde: z
    .number({ error: msg.tarifaDesde })
    .int(msg.tarifaDesde)
    .min(detailLimits.tarifaMin, msg.tarifaDesde)
    .max(detailLimits.tarifaMax, msg.tarifaDesde)
    .nullable()
    .optional(),
  servicios: subsetOf(servicioValues, isServicio, msg.servicios).nullable().optional(),
  atiende: z
    .union([z.enum(atiendeValues), z.literal('')], { error: msg.atiende })
    .nullable()
    .optional(),
  horario: z
    .string({ error: msg.horario })
    .trim()
    .max(detailLimits.horarioMax, msg.horario)
    .refine((v) => !CONTROL.test(v), msg.horario)
    .nullable()
    .optional(),
  idiomas: subsetOf(idiomaValues, isIdioma, msg.idiomas).nullable().optional(),
};

/** PUT usuario/modificar: the escort's own data form, with the optional details. */
export const escortUpdateSchema = z.object({
  rut_usuario: rutField,
  apellido: displayNameField,
  fono: escortPhoneField,
  url: profileUrlField,
  medidas: medidasField,
  legenda: legendaField,
  ...profileDetailsShape,
});
export type EscortUpdate = z.infer<typeof escortUpdateSchema>;

/** A profile photo chosen on the device: a picture within the size limit, else the words why. */
export function profilePhotoProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return msg.unsupportedType;
  if (file.size > limits.profilePhotoMaxBytes) return msg.payloadTooLarge;
  return null;
}

/**
 * The photo pickers' form ('Cargar imagen'): a picked file that passes profilePhotoProblem; `missing`
 * is the screen's words for no file (the spec words it differently on the two profiles). The
 * server decides again by the bytes.
 */
export const profilePhotoFormSchema = (missing: string) =>
  z.object({
    archivo: z.custom<File>().superRefine((file, ctx) => {
      const problem = isPickedFile(file) ? profilePhotoProblem(file) : missing;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
const isPickedFile = (v: unknown): v is File =>
  typeof v === 'object' && v !== null && 'name' in v && 'size' in v && 'type' in v;

/** PUT usuario/modificar-url: only a typed http(s) address. */
export const escortUrlSchema = z.object({
  url: z.string({ error: msg.imageUrlRequired }).trim().min(1, msg.imageUrlRequired).pipe(imageUrlField),
  nickname: z.string({ error: msg.nicknameMissing }).min(1, msg.nicknameMissing).max(40),
});

/** 'Ingresar URL' as a form: the address only (the nickname comes from the session). */
export const escortUrlFormSchema = escortUrlSchema.pick({ url: true });

export const estadoSchema = z.object({ estado: estadoField });

/** PUT usuario/ciudad/{id}: a comuna of the catalogue, accents optional. */
export const citySchema = z.object({
  ciudad: z
    .string({ error: msg.cityMustBeChosen })
    .trim()
    .min(1, msg.cityMustBeChosen)
    .max(80, msg.cityMustBeChosen)
    .refine((v) => findComuna(v) !== undefined, msg.cityMustBeChosen),
});

/** PUT cliente/modificar. */
export const clientUpdateSchema = z.object({
  rut_cliente: rutField,
  fono: phoneField,
  url: profileUrlField,
});
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;

/** The spec's image record: the current url and, for a stored photo, its content-hash publicId. */
export const profileImageSchema = z.object({
  imageUrl: z.string(),
  publicId: z.string().nullable(),
  /** archivo: a stored photo (uploaded, or downloaded once from a URL); predeterminada: the gender's default avatar. */
  origen: z.enum(['archivo', 'predeterminada']),
  /** A held photo (decision 0177): under review or taken down, with the reason she reads. */
  revision: z.enum(photoHoldStateValues).optional(),
  motivo_revision: z.string().optional(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

export const uploadResultSchema = z.object({
  fileUrl: z.string(),
  publicId: z.string(),
  mensaje: z.string(),
  /** Set when the new photo was held for review (decision 0177). */
  revision: z.enum(photoHoldStateValues).optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const ownFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  publicId: z.string(),
  proposito: z.enum(mediaPurposeValues),
  tipo: z.enum(mediaTypeValues),
  creado: z.string(),
});
export const ownFilesSchema = z.object({ files: z.array(ownFileSchema) });
export type OwnFile = z.infer<typeof ownFileSchema>;

/** Medidas as typed: digits only, shown NN/NN/NN ('906090' -> '90/60/90'). */
export const formatMedidas = inputFilters.medidas;

/** Characters left and the live counter text for the Legenda field. */
export function legendaCount(value: string): string {
  return `${value.length}/${limits.legendaMax}`;
}
