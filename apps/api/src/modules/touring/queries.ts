import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortVisits } from '../../db/schema/index.ts';

export type VisitRow = typeof escortVisits.$inferInsert;

/** Her stored visits, earliest first. */
export function visitsOf(db: DbOrTx, accountId: string) {
  return db
    .select({ ciudad: escortVisits.ciudad, desde: escortVisits.desde, hasta: escortVisits.hasta })
    .from(escortVisits)
    .where(eq(escortVisits.accountId, accountId))
    .orderBy(asc(escortVisits.desde));
}

/** An escort's visits not yet ended, by nickname (case-insensitive), earliest first. */
export function comingVisitsByNickname(db: DbOrTx, nickname: string, today: string) {
  return db
    .select({ ciudad: escortVisits.ciudad, desde: escortVisits.desde, hasta: escortVisits.hasta })
    .from(escortVisits)
    .innerJoin(accounts, eq(accounts.id, escortVisits.accountId))
    .where(and(sql`lower(${accounts.nickname}) = lower(${nickname})`, gte(escortVisits.hasta, today)))
    .orderBy(asc(escortVisits.desde));
}

export async function ownCiudad(db: DbOrTx, accountId: string): Promise<string | undefined> {
  const [row] = await db.select({ ciudad: accounts.ciudad }).from(accounts).where(eq(accounts.id, accountId));
  return row?.ciudad;
}

/** The list replaces the stored one (the caller holds a transaction). */
export async function replaceVisits(tx: DbOrTx, accountId: string, rows: VisitRow[]): Promise<void> {
  await tx.delete(escortVisits).where(eq(escortVisits.accountId, accountId));
  if (rows.length) await tx.insert(escortVisits).values(rows);
}
