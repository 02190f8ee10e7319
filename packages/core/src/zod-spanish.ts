import { z } from 'zod';
// The one locale, not z.locales (every language, in the browser bundle too).
import es from 'zod/v4/locales/es.js';
import { msg } from './messages.ts';

/**
 * zod's own messages, for the checks a schema words no message for, in Spanish: a field left out of
 * a request said "Invalid input: expected string, received undefined". A missing field reads as the
 * product says it; the rest take zod's Spanish locale. Run once per process before any parse (the
 * API's app, the web's two entries).
 */
export function setSpanishZodMessages(): void {
  z.config({
    ...es(),
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? msg.fieldRequired : undefined,
  });
}
