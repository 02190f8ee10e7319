import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escortVisits } from '../../db/schema/index.ts';

export type VisitRow = typeof escortVisits.$inferInsert;

/** Her stored visits, earliest first. */
export function visitsOf(db: DbOrTx, accountId: string) {
  return db
    .select({ ciudad: escortVisits.ciudad, desde: escortVisits.desde, hasta: escortVisits.hasta })
    .from(escortVisits)
    .where(eq(escortVisits.accountId, accountId))
    .orderBy(asc(escortVisits.desde));
}

/** Her visits not yet ended (ending `today` or later), earliest first. */
export function comingVisitsOf(db: DbOrTx, accountId: string, today: string) {
  return db
    .select({ ciudad: escortVisits.ciudad, desde: escortVisits.desde, hasta: escortVisits.hasta })
    .from(escortVisits)
    .where(and(eq(escortVisits.accountId, accountId), gte(escortVisits.hasta, today)))
    .orderBy(asc(escortVisits.desde));
}

/** The list replaces the stored one (the caller holds a transaction). */
export async function replaceVisits(tx: DbOrTx, accountId: string, rows: VisitRow[]): Promise<void> {
  await tx.delete(escortVisits).where(eq(escortVisits.accountId, accountId));
  if (rows.length) await tx.insert(escortVisits).values(rows);
}
