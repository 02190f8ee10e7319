import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rectificationStatusValues, reportStatusValues } from '@encanto/core/data-rights';
import { accounts } from './accounts.ts';

export const rentals = pgTable(
  'rentals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ciudad: text('ciudad').notNull(),
    cityKey: text('city_key').notNull(),
    direccion: text('direccion').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rentals_url_key').on(t.url), index('rentals_city_idx').on(t.cityKey)],
);

/** Reports (denuncias) against a profile. */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    escortId: uuid('escort_id').references(() => accounts.id, { onDelete: 'set null' }),
    escortNickname: text('escort_nickname').notNull(),
    reporterId: uuid('reporter_id').references(() => accounts.id, { onDelete: 'set null' }),
    /**
     * Tells two reporters apart without keeping who they are: a random salt and the HMAC of the
     * reporter's network address (and the profile) under it. Erased 24 h after the report.
     */
    reporterMark: text('reporter_mark'),
    reason: text('reason').notNull(),
    /** This report keeps the profile on hold until an admin decides it (a witness's or an admin's possible-minor report). */
    holds: boolean('holds').notNull().default(false),
    /**
     * The reporter had no other open report about this profile when filing this one (not the same
     * account, not the same network within 24 h): the admin queue ranks a profile by how many
     * distinct people report it.
     */
    distinctReporter: boolean('distinct_reporter').notNull().default(true),
    detail: text('detail').notNull().default(''),
    status: text('status', { enum: reportStatusValues }).notNull().default('abierta'),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt)],
);

/** Requests to rectify read-only fields (name, birth date, RUT), handled by an admin. */
export const rectificationRequests = pgTable('rectification_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  field: text('field').notNull(),
  value: text('value').notNull(),
  detail: text('detail').notNull().default(''),
  status: text('status', { enum: rectificationStatusValues }).notNull().default('abierta'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
