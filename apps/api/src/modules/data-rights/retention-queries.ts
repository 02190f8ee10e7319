import { and, asc, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, identityDocuments } from '../../db/schema/index.ts';

export interface DueDocument {
  accountId: string;
  storageKey: string;
  nickname: string;
}

function documentsWhere(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  limit: number,
): Promise<DueDocument[]> {
  return db
    .select({
      accountId: identityDocuments.accountId,
      storageKey: identityDocuments.storageKey,
      nickname: accounts.nickname,
    })
    .from(identityDocuments)
    .innerJoin(accounts, eq(accounts.id, identityDocuments.accountId))
    .where(where)
    .orderBy(order)
    .limit(limit);
}

/** Identity documents of accounts approved at or before the cut-off. */
export function documentsApprovedBefore(db: DbOrTx, cutoff: Date, limit = 200) {
  return documentsWhere(
    db,
    and(
      eq(accounts.autorizado, 'aprobado'),
      isNotNull(accounts.approvedAt),
      lte(accounts.approvedAt, cutoff),
    ),
    asc(accounts.approvedAt),
    limit,
  );
}

/** Documents of still-pending accounts rejected at or before the cut-off (a new upload has no rejection). */
export function documentsRejectedBefore(db: DbOrTx, cutoff: Date, limit = 200) {
  return documentsWhere(
    db,
    and(eq(accounts.autorizado, 'pendiente'), lte(identityDocuments.rejectedAt, cutoff)),
    asc(identityDocuments.rejectedAt),
    limit,
  );
}

/** Deletes the row only if it still names the same file (a re-upload in between keeps its new row). */
export async function deleteDocumentIfSame(
  db: DbOrTx,
  accountId: string,
  storageKey: string,
): Promise<boolean> {
  const rows = await db
    .delete(identityDocuments)
    .where(and(eq(identityDocuments.accountId, accountId), eq(identityDocuments.storageKey, storageKey)))
    .returning({ accountId: identityDocuments.accountId });
  return rows.length > 0;
}

/** Clients and escorts still waiting for validation (admins are created approved). */
const stillPending = () =>
  and(eq(accounts.autorizado, 'pendiente'), inArray(accounts.kind, ['client', 'escort']));

export interface InactiveAccount {
  id: string;
  kind: 'client' | 'escort' | 'admin';
  nickname: string;
  email: string;
  lastActiveAt: Date;
}

const inactiveColumns = {
  id: accounts.id,
  kind: accounts.kind,
  nickname: accounts.nickname,
  email: accounts.email,
  lastActiveAt: accounts.lastActiveAt,
};

/** Pending accounts without activity since the cut-off that have not been mailed about it. */
export function inactivePendingToNotice(
  db: DbOrTx,
  inactiveSince: Date,
  limit = 200,
): Promise<InactiveAccount[]> {
  return db
    .select(inactiveColumns)
    .from(accounts)
    .where(
      and(stillPending(), lte(accounts.lastActiveAt, inactiveSince), isNull(accounts.inactivityNoticeAt)),
    )
    .orderBy(asc(accounts.lastActiveAt))
    .limit(limit);
}

/** Marks the notice as sent, only if no one did and no activity came in between; false otherwise. */
export async function claimNotice(db: DbOrTx, id: string, inactiveSince: Date, at: Date): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ inactivityNoticeAt: at })
    .where(
      and(
        eq(accounts.id, id),
        stillPending(),
        lte(accounts.lastActiveAt, inactiveSince),
        isNull(accounts.inactivityNoticeAt),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length === 1;
}

const dueForDeletion = (inactiveSince: Date, noticedBefore: Date) =>
  and(
    stillPending(),
    lte(accounts.lastActiveAt, inactiveSince),
    isNotNull(accounts.inactivityNoticeAt),
    lte(accounts.inactivityNoticeAt, noticedBefore),
  );

/** Pending accounts inactive since the cut-off whose notice went out at or before `noticedBefore`. */
export function inactivePendingToDelete(
  db: DbOrTx,
  inactiveSince: Date,
  noticedBefore: Date,
  limit = 200,
): Promise<InactiveAccount[]> {
  return db
    .select(inactiveColumns)
    .from(accounts)
    .where(dueForDeletion(inactiveSince, noticedBefore))
    .orderBy(asc(accounts.lastActiveAt))
    .limit(limit);
}

/** Inside the deletion's transaction: locks the row and says whether it is still due (a sign-in clears the notice). */
export async function lockIfStillDue(
  db: DbOrTx,
  id: string,
  inactiveSince: Date,
  noticedBefore: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, id), dueForDeletion(inactiveSince, noticedBefore)))
    .for('update')
    .limit(1);
  return rows.length === 1;
}
