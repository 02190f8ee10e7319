import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alertCategoryValues, alertStatusValues } from '@encanto/core/alerts';
import { accounts } from './accounts.ts';
import { meetings } from './marketplace.ts';

/**
 * A safety alert an escort filed about a client she had an accepted meeting with (decision 0171). The
 * client's deletion removes it; the author's or the meeting's leaves it (set null): a confirmed alert
 * protects other escorts whoever filed it. Rows are deleted by the retention job (decision 0171).
 */
export const safetyAlerts = pgTable(
  'safety_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    authorId: uuid('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoria: text('categoria', { enum: alertCategoryValues }).notNull(),
    descripcion: text('descripcion').notNull(),
    status: text('status', { enum: alertStatusValues }).notNull().default('pendiente'),
    /** The meeting's time when it was filed: the admin weighs it, and it outlives the meeting row. */
    meetingAt: timestamp('meeting_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    note: text('note'),
    /** The confirmation: it counts for 12 months from here. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    // One alert per meeting and side: only the escort's side files, so the author names the side.
    uniqueIndex('safety_alerts_meeting_author_key').on(t.meetingId, t.authorId),
    index('safety_alerts_client_idx')
      .on(t.clientId, t.confirmedAt)
      .where(sql`${t.status} = 'confirmada'`),
    index('safety_alerts_status_idx').on(t.status, t.createdAt),
    index('safety_alerts_author_idx').on(t.authorId),
  ],
);

/** An escort's choice to refuse requests from clients with a confirmed alert in force. */
export const alertSettings = pgTable('alert_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  refuseAlerted: boolean('refuse_alerted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
