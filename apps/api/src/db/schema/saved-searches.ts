import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A client's saved searches (decision 0175), at most 10 each: the listing's filters as GET /api/escorts
 * takes them, and what the sweep that tells him about new profiles (decision 0176) has already looked at.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    filtros: jsonb('filtros').$type<Record<string, string | string[]>>().notNull(),
    /** The last escort_profiles.placement_seq the sweep looked at: placements after it are news. */
    seenSeq: bigint('seen_seq', { mode: 'number' }).notNull().default(0),
    /** When the last notice went: the next waits until a day after it. */
    noticeAt: timestamp('notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saved_searches_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * The profiles a saved search found new, once each (a profile counts for a search only the first time),
 * and whether a notice has told about it yet (null: waiting for the next one).
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    escortId: uuid('escort_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.escortId] }),
    index('saved_search_hits_waiting_idx')
      .on(t.searchId)
      .where(sql`${t.noticedAt} is null`),
  ],
);
