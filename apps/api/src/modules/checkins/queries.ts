import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, contactRefusals, safetyCheckins, trustedContacts } from '../../db/schema/index.ts';

export type CheckinRow = typeof safetyCheckins.$inferSelect;

/** A check-in's contact row: same account, same address (compared in lower case). */
const contactOfCheckin = and(
  eq(trustedContacts.accountId, safetyCheckins.accountId),
  eq(trustedContacts.emailNorm, sql`lower(${safetyCheckins.contactEmail})`),
);

export async function insertCheckin(
  db: DbOrTx,
  values: typeof safetyCheckins.$inferInsert,
): Promise<CheckinRow> {
  const [row] = await db.insert(safetyCheckins).values(values).returning();
  return row!;
}

export async function activeCount(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(safetyCheckins)
    .where(and(eq(safetyCheckins.accountId, accountId), eq(safetyCheckins.status, 'activo')));
  return row?.n ?? 0;
}

/** Her check-ins, newest first, with whether each contact confirmed. */
export function listOwn(db: DbOrTx, accountId: string) {
  return db
    .select({ checkin: safetyCheckins, confirmedAt: trustedContacts.confirmedAt })
    .from(safetyCheckins)
    .leftJoin(trustedContacts, contactOfCheckin)
    .where(eq(safetyCheckins.accountId, accountId))
    .orderBy(desc(safetyCheckins.createdAt))
    .limit(20);
}

export async function closeOwn(db: DbOrTx, accountId: string, id: string, now: Date) {
  return db
    .update(safetyCheckins)
    .set({ status: 'cerrado', closedAt: now })
    .where(
      and(
        eq(safetyCheckins.id, id),
        eq(safetyCheckins.accountId, accountId),
        eq(safetyCheckins.status, 'activo'),
      ),
    )
    .returning({ id: safetyCheckins.id });
}

export async function findOwn(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: safetyCheckins.id, status: safetyCheckins.status })
    .from(safetyCheckins)
    .where(and(eq(safetyCheckins.id, id), eq(safetyCheckins.accountId, accountId)))
    .limit(1);
  return row;
}

export async function findContact(db: DbOrTx, accountId: string, emailNorm: string) {
  const [row] = await db
    .select()
    .from(trustedContacts)
    .where(and(eq(trustedContacts.accountId, accountId), eq(trustedContacts.emailNorm, emailNorm)))
    .limit(1);
  return row;
}

/** True when this call added the contact (so the invitation goes exactly once). */
export async function addContact(db: DbOrTx, accountId: string, emailNorm: string, tokenHash: string) {
  const rows = await db
    .insert(trustedContacts)
    .values({ accountId, emailNorm, tokenHash })
    .onConflictDoNothing()
    .returning({ accountId: trustedContacts.accountId });
  return rows.length > 0;
}

/** The confirmed contact's address, or undefined when the token names no unconfirmed contact. */
export async function confirmContact(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .update(trustedContacts)
    .set({ confirmedAt: now })
    .where(and(eq(trustedContacts.tokenHash, tokenHash), isNull(trustedContacts.confirmedAt)))
    .returning({ emailNorm: trustedContacts.emailNorm });
  return row?.emailNorm;
}

export async function isRefused(db: DbOrTx, addressHash: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(contactRefusals)
    .where(eq(contactRefusals.addressHash, addressHash))
    .limit(1);
  return row !== undefined;
}

export async function addRefusal(db: DbOrTx, addressHash: string): Promise<void> {
  await db.insert(contactRefusals).values({ addressHash }).onConflictDoNothing();
}

export async function removeRefusal(db: DbOrTx, addressHash: string): Promise<void> {
  await db.delete(contactRefusals).where(eq(contactRefusals.addressHash, addressHash));
}

const dueColumns = {
  checkin: safetyCheckins,
  nickname: accounts.nickname,
  email: accounts.email,
  fono: accounts.fono,
  /** When the check-in's contact accepted being her contact; null while they have not. */
  confirmedAt: trustedContacts.confirmedAt,
};

/** Active check-ins whose reminder is due and not sent, locked; another instance skips them. */
export function lockDueReminders(tx: DbOrTx, now: Date, reminderMs: number) {
  return tx
    .select(dueColumns)
    .from(safetyCheckins)
    .innerJoin(accounts, eq(accounts.id, safetyCheckins.accountId))
    .leftJoin(trustedContacts, contactOfCheckin)
    .where(
      and(
        eq(safetyCheckins.status, 'activo'),
        isNull(safetyCheckins.reminderAt),
        lte(safetyCheckins.venceAt, new Date(now.getTime() + reminderMs)),
      ),
    )
    .orderBy(asc(safetyCheckins.venceAt))
    .limit(50)
    .for('update', { of: safetyCheckins, skipLocked: true });
}

/** Active check-ins past their deadline, locked; another instance skips them. */
export function lockExpired(tx: DbOrTx, now: Date) {
  return tx
    .select(dueColumns)
    .from(safetyCheckins)
    .innerJoin(accounts, eq(accounts.id, safetyCheckins.accountId))
    .leftJoin(trustedContacts, contactOfCheckin)
    .where(and(eq(safetyCheckins.status, 'activo'), lte(safetyCheckins.venceAt, now)))
    .orderBy(asc(safetyCheckins.venceAt))
    .limit(50)
    .for('update', { of: safetyCheckins, skipLocked: true });
}

export async function markReminded(tx: DbOrTx, id: string, now: Date): Promise<void> {
  await tx.update(safetyCheckins).set({ reminderAt: now }).where(eq(safetyCheckins.id, id));
}

/** Ends the check-in at its deadline; `alertAt` records the alert mail, so it stays null when none went. */
export async function markExpired(tx: DbOrTx, id: string, now: Date, alerted: boolean): Promise<void> {
  await tx
    .update(safetyCheckins)
    .set({ status: 'vencido', alertAt: alerted ? now : null })
    .where(eq(safetyCheckins.id, id));
}
