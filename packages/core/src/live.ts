import { z } from 'zod';
import { meetingStatusValues } from './marketplace.ts';
import { chatMessageSchema, meetingSummarySchema } from './meetings.ts';

/**
 * The events of GET /api/eventos (Server-Sent Events, decision 0158): each SSE `event:` name with the
 * JSON of its `data:` line. The web app (lib/live.ts) reads them with these schemas; the API writes them.
 */
export const liveEventSchemas = {
  /** A new message in one of the reader's conversations. */
  mensaje: z.object({ cita: z.string(), mensaje: chatMessageSchema }),
  /** A meeting of the reader changed state (requested, answered, proposed, cancelled, closed). */
  cita: z.object({ cita: z.string(), estado: z.enum(meetingStatusValues) }),
  /** The reader read a conversation in another tab. */
  leida: z.object({ cita: z.string() }),
  /** The badge: sent when the stream opens and after every event that may move it. */
  contador: meetingSummarySchema,
  /** Events may have been lost (an id too old to replay): reread everything the stream would update. */
  sincronizar: z.object({}),
  /** The server closed this stream for good: another tab took its place, or the session ended. */
  fin: z.object({ motivo: z.enum(['otra_pestana', 'sesion']) }),
} as const;

export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEventData<K extends LiveEventName> = z.infer<(typeof liveEventSchemas)[K]>;
