import { z } from 'zod';

/**
 * A file chosen in a form's picker (a File in the browser): present, else `message`. What the file
 * holds is decided by the server, by its bytes. Its own module: the upload screens import it without
 * the text fields' rules (geography, passwords).
 */
export const chosenFileField = (message: string) =>
  z.custom<File>((v) => typeof v === 'object' && v !== null && 'name' in v && 'size' in v, {
    error: message,
  });
