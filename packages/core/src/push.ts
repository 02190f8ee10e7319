import { z } from 'zod';
import { msg } from './messages.ts';
import {
  allKinds,
  kindSwitches,
  notificationKindsFor,
  notificationKindValues,
  notificationLabels,
  type KindLabel,
  type NotificationKind,
} from './notifications.ts';

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

/**
 * Kinds that exist only as push notices, with the side that hears of each and its switch's words: the safety
 * check-in's reminder (it has no mail; decision 0169).
 */
export const pushOnlyKinds = {
  recordatorios: {
    side: 'escort',
    title: 'Recordatorio de check-in',
    hint: 'Diez minutos antes de que venza tu check-in.',
  },
} as const satisfies Record<string, { side: 'client' | 'escort' } & KindLabel>;

/**
 * Notification kinds left out of the push channel on purpose, each with its reason: none today. Every other
 * kind of notifications.ts gets a push switch by itself (a test holds the two lists to this).
 */
export const kindsWithoutPush = [] as const satisfies readonly NotificationKind[];

type PushOnlyKind = keyof typeof pushOnlyKinds;
type MailKindWithPush = Exclude<NotificationKind, (typeof kindsWithoutPush)[number]>;

const hasPush = (kind: NotificationKind): kind is MailKindWithPush =>
  !(kindsWithoutPush as readonly NotificationKind[]).includes(kind);

/** The kinds of push notice, each with its own switch (all on by default): the mail kinds, then push's own. */
export const pushKindValues: readonly (MailKindWithPush | PushOnlyKind)[] = [
  ...notificationKindValues.filter(hasPush),
  ...(Object.keys(pushOnlyKinds) as PushOnlyKind[]),
];
export type PushKind = (typeof pushKindValues)[number];

export const pushPrefsSchema = z.object({
  ...kindSwitches(pushKindValues),
  /** Off: every notice reads "Tienes una novedad en …"; on: it says what happened. */
  detalles: z.boolean(),
});
export type PushPrefs = z.infer<typeof pushPrefsSchema>;

export const defaultPushPrefs: PushPrefs = { ...allKinds(pushKindValues, true), detalles: false };

export const pushPrefsUpdateSchema = pushPrefsSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, msg.invalidInput);
export type PushPrefsUpdate = z.infer<typeof pushPrefsUpdateSchema>;

/** Which push kinds concern each side: the side's mail kinds, then the push-only kinds that are its own. */
export const pushKindsFor: Record<'client' | 'escort', readonly PushKind[]> = {
  client: pushKindsOf('client'),
  escort: pushKindsOf('escort'),
};

function pushKindsOf(side: 'client' | 'escort'): PushKind[] {
  const own = (Object.keys(pushOnlyKinds) as PushOnlyKind[]).filter(
    (kind) => pushOnlyKinds[kind].side === side,
  );
  return [...notificationKindsFor[side].filter(hasPush), ...own];
}

/**
 * The push switches' words: each mail kind's own (notificationLabels, with its `pushHint` where the push says
 * something else), then push's own kinds.
 */
export const pushLabels = Object.fromEntries(
  pushKindValues.map((kind) => {
    if (kind in pushOnlyKinds) {
      const { title, hint } = pushOnlyKinds[kind as PushOnlyKind];
      return [kind, { title, hint }];
    }
    const label = notificationLabels[kind as MailKindWithPush];
    return [kind, { title: label.title, hint: label.pushHint ?? label.hint }];
  }),
) as Record<PushKind, KindLabel>;
