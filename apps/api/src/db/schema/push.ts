import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, sessions } from './accounts.ts';

/**
 * A browser's Web Push subscription (decision 0168): one per device, tied to the session that made it, so
 * ending the session (logout, "Cerrar sesión" in the list, a password change) stops its notices. The
 * endpoint is a push service's address, checked against PUSH_HOSTS when stored and again when sent.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), to encrypt each payload for it alone. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    uniqueIndex('push_subscriptions_session_idx').on(t.sessionId),
    index('push_subscriptions_account_idx').on(t.accountId),
  ],
);

/**
 * Which notices go by push (decision 0169): a switch per kind, all on by default (a browser only gets them
 * after its person allowed notifications), and `detalles`, off by default: the text says only "Tienes una
 * novedad en Encanto" unless she chose to see what it is about.
 */
export const pushPrefs = pgTable('push_prefs', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  solicitudes: boolean('solicitudes').notNull().default(true),
  respuestas: boolean('respuestas').notNull().default(true),
  mensajes: boolean('mensajes').notNull().default(true),
  comentarios: boolean('comentarios').notNull().default(true),
  visitas: boolean('visitas').notNull().default(true),
  busquedas: boolean('busquedas').notNull().default(true),
  recordatorios: boolean('recordatorios').notNull().default(true),
  detalles: boolean('detalles').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The favourite-visit notices already sent (decision 0170): one row per client and visit, the visit named by
 * its escort, comuna and first day, so saving her list again (it is replaced as a whole) or moving the last
 * day never notifies twice.
 */
export const visitAlerts = pgTable(
  'visit_alerts',
  {
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    cityKey: text('city_key').notNull(),
    desde: date('desde', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visit_alerts_once_idx').on(t.escortId, t.clientId, t.cityKey, t.desde),
    index('visit_alerts_client_idx').on(t.clientId),
  ],
);
