import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * How an escort's profile does, one row per escort and Chile day: counters
 * only, no visitor identity and no address. Views and WhatsApp clicks are added in batches
 * (modules/statistics), the other counters in the transaction of their event.
 */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    favorites: integer('favorites').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    /** Taps on her WhatsApp button (/contacto/{nickname}), batched like views. */
    whatsappClicks: integer('whatsapp_clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
