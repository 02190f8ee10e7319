import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, escortProfiles } from '../../db/schema/index.ts';

/**
 * Recomputes the derived `listed` and `public` flags of an escort from their
 * inputs (approval, estado, paused, suspended). Every service that changes one
 * of those inputs calls this in the same transaction.
 */
export async function syncEscortVisibility(db: DbOrTx, accountId: string): Promise<void> {
  await db
    .update(escortProfiles)
    .set({
      public: sql`(select ${accounts.autorizado} = 'aprobado' from ${accounts} where ${accounts.id} = ${accountId}) and not ${escortProfiles.paused} and not ${escortProfiles.suspended}`,
      listed: sql`(select ${accounts.autorizado} = 'aprobado' from ${accounts} where ${accounts.id} = ${accountId}) and not ${escortProfiles.paused} and not ${escortProfiles.suspended} and ${escortProfiles.estado} = 'disponible'`,
      updatedAt: new Date(),
    })
    .where(eq(escortProfiles.accountId, accountId));
}
