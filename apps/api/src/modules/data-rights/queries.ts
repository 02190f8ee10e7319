import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { deletedUserName } from '@encanto/core/data-rights';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  clientRatings,
  comments,
  escortProfiles,
  escortRatings,
  identityDocuments,
  media,
  meetings,
  rectificationRequests,
  reports,
} from '../../db/schema/index.ts';

export async function findAccountForDeletion(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      kind: accounts.kind,
      nickname: accounts.nickname,
      passHash: accounts.passHash,
    })
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1);
  return row;
}

/**
 * What the person wrote about others stays, so others' averages remain true,
 * but without their name: the foreign keys are set null by the delete itself.
 */
export async function anonymiseAuthoredContent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(comments)
    .set({ nickCliente: deletedUserName, clientId: null })
    .where(eq(comments.clientId, id));
  await db
    .update(escortRatings)
    .set({ calificador: deletedUserName, raterId: null })
    .where(eq(escortRatings.raterId, id));
  await db
    .update(clientRatings)
    .set({ calificador: deletedUserName, raterId: null })
    .where(eq(clientRatings.raterId, id));
}

/**
 * The person's meetings go before the account: done by the cascade, the
 * ratings' meeting_id (set null) and rater_id (set null) triggers would fire
 * in an order that checks a meeting already gone.
 */
export async function deleteMeetings(db: DbOrTx, id: string): Promise<void> {
  const mine = or(eq(meetings.clientId, id), eq(meetings.escortId, id));
  const ids = db.select({ id: meetings.id }).from(meetings).where(mine);
  await db.update(escortRatings).set({ meetingId: null }).where(inArray(escortRatings.meetingId, ids));
  await db.update(clientRatings).set({ meetingId: null }).where(inArray(clientRatings.meetingId, ids));
  await db.delete(meetings).where(mine);
}

/** Removes the media rows and returns them, so their files can go once the transaction commits. */
export function takeMediaRows(db: DbOrTx, id: string) {
  return db.delete(media).where(eq(media.accountId, id)).returning({
    publicId: media.publicId,
    url: media.url,
    variants: media.variants,
    originalVariants: media.originalVariants,
  });
}

export async function takeDocumentRow(db: DbOrTx, id: string) {
  const [row] = await db
    .delete(identityDocuments)
    .where(eq(identityDocuments.accountId, id))
    .returning({ storageKey: identityDocuments.storageKey });
  return row;
}

/** Reports about the person go with their profile; the audit log keeps the decisions taken on them. */
export async function deleteReportsAbout(db: DbOrTx, id: string): Promise<void> {
  await db.delete(reports).where(eq(reports.escortId, id));
}

/** Every other row of the person goes by ON DELETE CASCADE (sessions, profile, favourites, meetings...). */
export async function deleteAccountRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, id));
}

export async function escortFlags(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ paused: escortProfiles.paused, suspended: escortProfiles.suspended })
    .from(escortProfiles)
    .where(eq(escortProfiles.accountId, id))
    .limit(1);
  return row;
}

export async function setPaused(db: DbOrTx, id: string, paused: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(escortProfiles)
    .set({ paused, updatedAt: now })
    .where(eq(escortProfiles.accountId, id))
    .returning({ id: escortProfiles.accountId });
  return rows.length > 0;
}

// ---- Rectification ---------------------------------------------------------

export function listOwnRectifications(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(rectificationRequests)
    .where(eq(rectificationRequests.accountId, accountId))
    .orderBy(desc(rectificationRequests.id))
    .limit(50);
}

export async function hasOpenRectification(db: DbOrTx, accountId: string, field: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rectificationRequests.id })
    .from(rectificationRequests)
    .where(
      and(
        eq(rectificationRequests.accountId, accountId),
        eq(rectificationRequests.field, field),
        eq(rectificationRequests.status, 'abierta'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRectification(db: DbOrTx, values: typeof rectificationRequests.$inferInsert) {
  const [row] = await db.insert(rectificationRequests).values(values).returning();
  return row!;
}

export function listRectificationsForAdmin(db: DbOrTx, status: 'abierta' | 'todas') {
  return db
    .select({
      request: rectificationRequests,
      nickname: accounts.nickname,
      kind: accounts.kind,
      nombre: accounts.nombre,
      fechaNac: accounts.fechaNac,
      rut: accounts.rut,
    })
    .from(rectificationRequests)
    .innerJoin(accounts, eq(accounts.id, rectificationRequests.accountId))
    .where(status === 'abierta' ? eq(rectificationRequests.status, 'abierta') : undefined)
    .orderBy(status === 'abierta' ? asc(rectificationRequests.id) : desc(rectificationRequests.id))
    .limit(500);
}

export async function findRectification(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ request: rectificationRequests, nickname: accounts.nickname, kind: accounts.kind })
    .from(rectificationRequests)
    .innerJoin(accounts, eq(accounts.id, rectificationRequests.accountId))
    .where(eq(rectificationRequests.id, id))
    .for('update', { of: rectificationRequests })
    .limit(1);
  return row;
}

export async function setRectificationStatus(
  db: DbOrTx,
  id: number,
  status: 'resuelta' | 'rechazada',
): Promise<void> {
  await db.update(rectificationRequests).set({ status }).where(eq(rectificationRequests.id, id));
}

export async function updateAccountFields(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<typeof accounts.$inferInsert, 'nombre' | 'fechaNac' | 'rut' | 'rutNorm'>>,
  now: Date,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...values, updatedAt: now })
    .where(eq(accounts.id, id));
}
