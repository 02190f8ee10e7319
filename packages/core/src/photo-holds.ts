import { z } from 'zod';
import { msg } from './messages.ts';
import { mediaPurposeValues } from './media.ts';

/** A held picture as the admin reviews it (decision 0177). */
export const photoHoldSchema = z.object({
  id: z.string(),
  estado: z.enum(['en_revision', 'liberada', 'retirada']),
  tipo: z.enum(mediaPurposeValues),
  /** The held picture; null once its uploader deleted it. */
  url: z.string().nullable(),
  nickname: z.string(),
  /** Whose earlier picture it resembles, and that picture (null once deleted). */
  nickname_original: z.string(),
  url_original: z.string().nullable(),
  /** The earlier owner used the mail's link to report impersonation. */
  denunciada: z.boolean(),
  creada: z.string(),
  nota: z.string().nullable(),
});
export type PhotoHold = z.infer<typeof photoHoldSchema>;

export const photoHoldDecisionSchema = z.object({
  nota: z
    .string({ error: msg.photoHoldNoteRequired })
    .trim()
    .min(3, msg.photoHoldNoteRequired)
    .max(300, msg.photoHoldNoteRequired),
});

/** The token of the earlier owner's one-click report link. */
export const photoReportParamsSchema = z.object({
  token: z
    .string({ error: msg.photoReportLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, msg.photoReportLinkInvalid),
});
