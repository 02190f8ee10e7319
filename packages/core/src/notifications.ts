import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * The kinds of notice an account can turn on or off (all on by default): the one list the mail switches,
 * and through push.ts the push switches, are made from, so a new kind cannot reach one channel and not the
 * other. `visitas` is a favourite's visit to the client's comuna (decision 0170), `busquedas` new profiles
 * for a saved search (decision 0176).
 */
export const notificationKindValues = [
  'solicitudes',
  'respuestas',
  'mensajes',
  'comentarios',
  'visitas',
  'busquedas',
] as const;
export type NotificationKind = (typeof notificationKindValues)[number];

/** One boolean per kind, in the kinds' order: the shape of a channel's switches. */
export const kindSwitches = <K extends string>(kinds: readonly K[]) =>
  Object.fromEntries(kinds.map((kind) => [kind, z.boolean()])) as { [P in K]: z.ZodBoolean };

/** Every kind of `kinds` set to `on`. */
export const allKinds = <K extends string>(kinds: readonly K[], on: boolean) =>
  Object.fromEntries(kinds.map((kind) => [kind, on])) as Record<K, boolean>;

/** A stored row's switches for `kinds`, without its other columns. */
export const pickKinds = <K extends string>(row: Record<K, boolean>, kinds: readonly K[]) =>
  Object.fromEntries(kinds.map((kind) => [kind, row[kind]])) as Record<K, boolean>;

export const notificationPrefsSchema = z.object(kindSwitches(notificationKindValues));
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export const defaultNotificationPrefs: NotificationPrefs = allKinds(notificationKindValues, true);

/** PUT changes the kinds it names and keeps the others. */
export const notificationPrefsUpdateSchema = notificationPrefsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, msg.invalidInput);
export type NotificationPrefsUpdate = z.infer<typeof notificationPrefsUpdateSchema>;

/** Which kinds concern each side: clients ask and get answers, escorts get requests and comments. */
export const notificationKindsFor: Record<'client' | 'escort', readonly NotificationKind[]> = {
  client: ['respuestas', 'mensajes', 'visitas', 'busquedas'],
  escort: ['solicitudes', 'mensajes', 'comentarios'],
};

/** A switch's words: its title and the line under it. */
export interface KindLabel {
  title: string;
  hint: string;
}

/**
 * Each kind's words, for its mail switch and its push switch (push.ts): `what` completes "Recibes este aviso
 * porque tienes activados los avisos de …" and the unsubscribe page; `pushHint` replaces the hint on the push
 * switch, where the phone's settings say it in other words.
 */
export const notificationLabels: Record<NotificationKind, KindLabel & { what: string; pushHint?: string }> = {
  solicitudes: {
    title: 'Solicitudes nuevas',
    hint: 'Cuando alguien te pide una cita.',
    what: 'solicitudes nuevas',
  },
  respuestas: {
    title: 'Respuestas a tus solicitudes',
    hint: 'Cuando aceptan, rechazan o proponen otra hora.',
    what: 'respuestas a tus solicitudes',
  },
  mensajes: {
    title: 'Mensajes nuevos',
    hint: 'Si no abriste la conversación en los últimos 15 minutos.',
    pushHint: 'Cuando te escriben en una cita.',
    what: 'mensajes nuevos',
  },
  comentarios: {
    title: 'Comentarios nuevos',
    hint: 'Cuando un cliente comenta tu perfil.',
    what: 'comentarios nuevos',
  },
  visitas: {
    title: 'Visitas de tus favoritas',
    hint: 'Cuando una favorita anuncia una visita a tu comuna.',
    what: 'visitas de tus favoritas',
  },
  busquedas: {
    title: 'Búsquedas guardadas',
    hint: 'Cuando aparecen perfiles nuevos en una de tus búsquedas, como mucho un aviso al día por búsqueda.',
    pushHint: 'Cuando aparecen perfiles nuevos en una de tus búsquedas.',
    what: 'perfiles nuevos en tus búsquedas',
  },
};

/** PUT /api/cuenta/notificaciones/ciudad-visitas: the comuna whose visits he hears about (null: his own). */
export const visitCityBodySchema = z.object({
  ciudad: z.string({ error: msg.visitCityInvalid }).trim().min(1, msg.visitCityInvalid).max(80).nullable(),
});
export const visitCitySchema = z.object({ ciudad: z.string().nullable(), propia: z.string() });

/** POST /api/cuenta/notificaciones/baja?t=…: the signed token names the account and the kind. */
export const unsubscribeQuerySchema = z.object({ t: z.string().min(10).max(300) });
