import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Her choice to mark her public pictures with the site's name and her nickname (decision 0178):
 * `PUT /api/cuenta/marca-agua` takes it, `GET` answers it.
 */
export const watermarkSchema = z.object({
  activa: z.boolean({ error: msg.watermarkInvalid }),
});
export type Watermark = z.infer<typeof watermarkSchema>;
