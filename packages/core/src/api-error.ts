import { z } from 'zod';

/**
 * The one error body every API failure answers with: the Spanish `mensaje` users read, a stable `code`,
 * and, for validation failures, the first message per field. Route schemas and the web's ApiError share it.
 */
export const apiErrorSchema = z.object({
  mensaje: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Response schemas for the error statuses a route can answer, e.g. `...errorResponses(401, 403, 404)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}
