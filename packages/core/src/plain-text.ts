import { z } from 'zod';
import { msg } from './messages.ts';

/** Control characters other than tab and line breaks: plain text only. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A typed text field: line breaks made `\n`, trimmed, then `min`-`max` characters of plain text; a wrong
 * type or length says `message`, a control character says so.
 */
export const plainText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, message)
        .max(max, message)
        .refine((v) => !CONTROL_CHARS.test(v), msg.textInvalidChars),
    );
