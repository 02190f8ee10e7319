import { z } from 'zod';
import { photoHoldStateValues } from './media.ts';
import { limits } from './constants.ts';
import { msg } from './messages.ts';
import { cityField } from './fields.ts';
import { chosenFileField } from './files.ts';

/** One gallery item as the spec names it (id, url_imagen, publicId), plus what the lightbox needs. */
export const galleryItemSchema = z.object({
  id: z.string(),
  url_imagen: z.string(),
  publicId: z.string(),
  tipo: z.enum(['imagen', 'video']),
  /** WebP variants for srcset; empty for videos. */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Only in her own gallery: a held picture (decision 0177), never in the public one. */
  revision: z.enum(photoHoldStateValues).optional(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryListSchema = z.object({ imagenes: z.array(galleryItemSchema) });
export type GalleryList = z.infer<typeof galleryListSchema>;

export const galleryUploadResultSchema = galleryItemSchema.extend({
  mensaje: z.string(),
  fileUrl: z.string(),
  total: z.number().int(),
});
export type GalleryUploadResult = z.infer<typeof galleryUploadResultSchema>;

export const messageSchema = z.object({ mensaje: z.string() });

/** PUT upload/orden: every publicId of her gallery once, in the new order (the first is the cover). */
export const galleryOrderSchema = z.object({
  orden: z
    .array(z.string().min(1).max(100), { error: msg.galleryOrderMismatch })
    .max(limits.galleryMaxItems, msg.galleryOrderMismatch),
});

/** Types the uploader's file picker accepts; the server still decides by the bytes. */
export const galleryAccept = 'image/*,video/mp4';

export type GalleryFileCheck = { ok: true } | { ok: false; mensaje: string };

/**
 * The spec's client-side checks for a chosen file, in its order: type, size,
 * then the 15-item limit. The server repeats every one of them by the bytes.
 */
export function checkGalleryFile(
  file: { name: string; type: string; size: number },
  currentCount: number,
): GalleryFileCheck {
  const typeOk = file.type.startsWith('image/') || file.type === 'video/mp4';
  if (!typeOk) return { ok: false, mensaje: msg.fileTypeNotAllowed(file.name) };
  if (file.type === 'video/mp4') {
    if (file.size > limits.galleryVideoMaxBytes)
      return { ok: false, mensaje: msg.videoFileTooLarge(file.name) };
  } else if (file.size > limits.galleryMaxBytes) return { ok: false, mensaje: msg.fileTooLarge(file.name) };
  if (currentCount >= limits.galleryMaxItems) return { ok: false, mensaje: msg.galleryLimit };
  return { ok: true };
}

/** The uploader's form: the chosen files that passed checkGalleryFile, at least one. */
export const galleryUploadFormSchema = z.object({
  archivos: z.array(chosenFileField(msg.fileAndNicknameRequired)).min(1, msg.fileAndNicknameRequired),
});

// Rentals (arriendo): shown as 'En mantención', but the entity and its calls work.

/** The embedded-map address of a rental: an https URL. */
export const rentalUrlField = z
  .string()
  .trim()
  .max(2048, msg.rentalUrl)
  .regex(/^https:\/\/[^\s<>"']+$/i, msg.rentalUrl);

export const rentalInputSchema = z.object({
  ciudad: cityField,
  direccion: z.string().trim().min(3, msg.rentalAddress).max(200, msg.rentalAddress),
  url: rentalUrlField,
});
export type RentalInput = z.infer<typeof rentalInputSchema>;

export const rentalSchema = z.object({
  id: z.number().int(),
  ciudad: z.string(),
  direccion: z.string(),
  url: z.string(),
});
export type Rental = z.infer<typeof rentalSchema>;
