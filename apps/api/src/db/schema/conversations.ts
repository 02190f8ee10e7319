import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts.ts';
import { meetings } from './marketplace.ts';
import { pushSubscriptions } from './push.ts';

/** The text conversation attached to an accepted meeting. */
export const meetingMessages = pgTable(
  'meeting_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meeting_messages_meeting_idx').on(t.meetingId, t.id)],
);

/** Where each member of a conversation stopped reading, and when she was last mailed about it. */
export const meetingReads = pgTable(
  'meeting_reads',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.accountId] })],
);

/** Which notification mails an account gets; no row means every kind on. */
export const notificationPrefs = pgTable('notification_prefs', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  solicitudes: boolean('solicitudes').notNull().default(true),
  respuestas: boolean('respuestas').notNull().default(true),
  mensajes: boolean('mensajes').notNull().default(true),
  comentarios: boolean('comentarios').notNull().default(true),
  /** A favourite's visit to the client's city (decision 0170). */
  visitas: boolean('visitas').notNull().default(true),
  /** The comuna whose visits he hears about, when not his own (null: his account's city; decision 0170). */
  ciudadVisitas: text('ciudad_visitas'),
  /** New profiles for a saved search (decision 0176). */
  busquedas: boolean('busquedas').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Outgoing mail, written in the transaction of the change that causes it and
 * sent by the in-process worker (rows claimed with FOR UPDATE SKIP LOCKED, so
 * several instances share the queue). `next_attempt_at` doubles as the claim's
 * lease: a worker that dies mid-send leaves the row to be retried after it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The recipient's account; its mail goes with it when the account is deleted. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /**
     * 'mail', or 'push': a Web Push notice for `push_subscription_id`, its JSON payload in `text` (decision
     * 0168). Both share the worker, the retries and the back-off.
     */
    channel: text('channel').notNull().default('mail'),
    pushSubscriptionId: uuid('push_subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'cascade',
    }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
