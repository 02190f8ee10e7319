import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Web Push (decision 0168): what a browser sends to subscribe (the W3C PushSubscription's JSON), and the
 * per-kind switches of the push channel with the "show details" choice (decision 0169).
 */
const base64url = (length: { min: number; max: number }, message: string) =>
  z
    .string({ error: message })
    .min(length.min, message)
    .max(length.max, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message);

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: msg.pushEndpointInvalid }).max(1000, msg.pushEndpointInvalid),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64url({ min: 86, max: 90 }, msg.pushKeysInvalid),
      auth: base64url({ min: 21, max: 25 }, msg.pushKeysInvalid),
    },
    { error: msg.pushKeysInvalid },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.url({ error: msg.pushEndpointInvalid }).max(1000, msg.pushEndpointInvalid),
});

export const pushSubscriptionInfoSchema = z.object({
  id: z.uuid(),
  /** The session (device) it belongs to: "Sesiones activas" shows it beside that session. */
  sesion: z.uuid(),
  creada: z.string(),
  ultimo_envio: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionInfoSchema>;

/** The kinds of push notice, each with its own switch (all on by default). */
export const pushKindValues = [
  'solicitudes',
  'respuestas',
  'mensajes',
  'comentarios',
  'visitas',
  'busquedas',
  'recordatorios',
] as const;
export type PushKind = (typeof pushKindValues)[number];

export const pushPrefsSchema = z.object({
  solicitudes: z.boolean(),
  respuestas: z.boolean(),
  mensajes: z.boolean(),
  comentarios: z.boolean(),
  visitas: z.boolean(),
  /** New profiles for a saved search (decision 0176). */
  busquedas: z.boolean(),
  recordatorios: z.boolean(),
  /** Off: every notice reads "Tienes una novedad en …"; on: it says what happened. */
  detalles: z.boolean(),
});
export type PushPrefs = z.infer<typeof pushPrefsSchema>;

export const defaultPushPrefs: PushPrefs = {
  solicitudes: true,
  respuestas: true,
  mensajes: true,
  comentarios: true,
  visitas: true,
  busquedas: true,
  recordatorios: true,
  detalles: false,
};

export const pushPrefsUpdateSchema = pushPrefsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, msg.invalidInput);
export type PushPrefsUpdate = z.infer<typeof pushPrefsUpdateSchema>;

/** Which push kinds concern each side. */
export const pushKindsFor: Record<'client' | 'escort', readonly PushKind[]> = {
  client: ['respuestas', 'mensajes', 'visitas', 'busquedas'],
  escort: ['solicitudes', 'mensajes', 'comentarios', 'recordatorios'],
};

export const pushLabels: Record<PushKind, { title: string; hint: string }> = {
  solicitudes: { title: 'Solicitudes nuevas', hint: 'Cuando alguien te pide una cita.' },
  respuestas: {
    title: 'Respuestas a tus solicitudes',
    hint: 'Cuando aceptan, rechazan o proponen otra hora.',
  },
  mensajes: { title: 'Mensajes nuevos', hint: 'Cuando te escriben en una cita.' },
  comentarios: { title: 'Comentarios nuevos', hint: 'Cuando un cliente comenta tu perfil.' },
  visitas: { title: 'Visitas de tus favoritas', hint: 'Cuando una favorita anuncia una visita a tu comuna.' },
  busquedas: {
    title: 'Búsquedas guardadas',
    hint: 'Cuando aparecen perfiles nuevos en una de tus búsquedas.',
  },
  recordatorios: { title: 'Recordatorio de check-in', hint: 'Diez minutos antes de que venza tu check-in.' },
};
