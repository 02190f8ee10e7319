import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { profileDailyStats } from '../../db/schema/index.ts';

export type Counter = 'views' | 'whatsappClicks' | 'favorites' | 'requests';

/** Adds `n` to one counter of one escort's day: a single upsert on the (account, day) key. */
export async function addToDay(db: DbOrTx, accountId: string, day: string, counter: Counter, n: number) {
  const column = profileDailyStats[counter];
  await db
    .insert(profileDailyStats)
    .values({ accountId, day, [counter]: n })
    .onConflictDoUpdate({
      target: [profileDailyStats.accountId, profileDailyStats.day],
      set: { [counter]: sql`${column} + ${n}` },
    });
}

/** Her rows from `since` (a Chile date, inclusive), oldest first; days without a row are absent. */
export function daysSince(db: DbOrTx, accountId: string, since: string) {
  return db
    .select({
      day: profileDailyStats.day,
      views: profileDailyStats.views,
      whatsappClicks: profileDailyStats.whatsappClicks,
      favorites: profileDailyStats.favorites,
      requests: profileDailyStats.requests,
    })
    .from(profileDailyStats)
    .where(and(eq(profileDailyStats.accountId, accountId), gte(profileDailyStats.day, since)))
    .orderBy(asc(profileDailyStats.day));
}
