import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Visits an escort announces to other comunas (decision 0102), at most 3, replaced as a list. The
 * place is stored as the listings key it (comuna, region and zone keys, as in escort_profiles),
 * so "who is visiting this place today" is one range of an index per kind of place.
 */
export const escortVisits = pgTable(
  'escort_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The catalogue's spelling of the comuna, as accounts.ciudad. */
    ciudad: text('ciudad').notNull(),
    cityKey: text('city_key').notNull(),
    regionKey: text('region_key').notNull(),
    zona: text('zona').notNull(),
    /** Chile calendar dates, both included. */
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('escort_visits_account_idx').on(t.accountId),
    index('escort_visits_city_idx').on(t.cityKey, t.desde, t.hasta),
    index('escort_visits_region_idx').on(t.regionKey, t.desde, t.hasta),
    index('escort_visits_zona_idx').on(t.zona, t.desde, t.hasta),
  ],
);
