import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, media, phashBand, phashBands, photoHolds } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface EarlierMatch {
  mediaId: string;
  ownerId: string;
  ownerNickname: string;
  ownerEmail: string;
}

/**
 * The earliest published picture (not held) of ANOTHER account within `maxDistance` bits of `phash`:
 * the same five band indexes as the admin's "misma_foto" signal, the exact distance checked after.
 */
export async function earliestMatchOfOthers(
  db: DbOrTx,
  accountId: string,
  phash: bigint,
  maxDistance: number,
): Promise<EarlierMatch | undefined> {
  const bands = sql.join(
    phashBands.map(({ n }) => sql`${phashBand(sql`m.phash`, n)} = ${phashBand(sql`${phash}::bigint`, n)}`),
    sql` or `,
  );
  const [row] = rowsOf<EarlierMatch>(
    await db.execute(sql`
      select m.id::text as "mediaId", a.id::text as "ownerId", a.nickname as "ownerNickname", a.email as "ownerEmail"
      from media m join accounts a on a.id = m.account_id
      where m.account_id <> ${accountId} and m.phash is not null and m.hold is null
        and (${bands})
        and bit_count((m.phash # ${phash}::bigint)::bit(64)) <= ${maxDistance}
      order by m.created_at, m.id
      limit 1`),
  );
  return row;
}

export async function setMediaHold(
  db: DbOrTx,
  mediaId: string,
  hold: 'en_revision' | 'retirada' | null,
): Promise<void> {
  await db.update(media).set({ hold }).where(eq(media.id, mediaId));
}

export async function insertHold(
  db: DbOrTx,
  values: {
    mediaId: string;
    accountId: string;
    ownerId: string;
    ownerMediaId: string;
    purpose: 'profile' | 'gallery';
    reportTokenHash: string;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(photoHolds).values(values);
}

const uploader = alias(accounts, 'uploader');
const owner = alias(accounts, 'owner');
const held = alias(media, 'held');
const original = alias(media, 'original');

const holdColumns = {
  id: photoHolds.id,
  status: photoHolds.status,
  purpose: photoHolds.purpose,
  mediaId: photoHolds.mediaId,
  accountId: photoHolds.accountId,
  url: held.url,
  nickname: uploader.nickname,
  email: uploader.email,
  ownerNickname: owner.nickname,
  ownerUrl: original.url,
  reportedAt: photoHolds.reportedAt,
  createdAt: photoHolds.createdAt,
  nota: photoHolds.nota,
};

function holdsQuery(db: DbOrTx) {
  return db
    .select(holdColumns)
    .from(photoHolds)
    .innerJoin(uploader, eq(uploader.id, photoHolds.accountId))
    .innerJoin(owner, eq(owner.id, photoHolds.ownerId))
    .leftJoin(held, eq(held.id, photoHolds.mediaId))
    .leftJoin(original, eq(original.id, photoHolds.ownerMediaId));
}
export type HoldRow = Awaited<ReturnType<typeof holdsQuery>>[number];

/** Pending first (oldest first), then decided ones, newest first; at most `limit`. */
export function listHolds(db: DbOrTx, limit: number) {
  return holdsQuery(db)
    .orderBy(
      sql`${photoHolds.status} <> 'en_revision'`,
      sql`case when ${photoHolds.status} = 'en_revision' then ${photoHolds.createdAt} end asc`,
      desc(photoHolds.createdAt),
    )
    .limit(limit);
}

export async function holdForUpdate(db: DbOrTx, id: string) {
  await db.execute(sql`select 1 from photo_holds where id = ${id} for update`);
  const [row] = await holdsQuery(db).where(eq(photoHolds.id, id));
  return row;
}

export async function decideHold(
  db: DbOrTx,
  id: string,
  values: { status: 'liberada' | 'retirada'; nota: string; decidedBy: string; decidedAt: Date },
): Promise<void> {
  await db.update(photoHolds).set(values).where(eq(photoHolds.id, id));
}

export async function holdByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: photoHolds.id,
      reportedAt: photoHolds.reportedAt,
      ownerId: photoHolds.ownerId,
      uploaderNickname: uploader.nickname,
      uploaderKind: uploader.kind,
    })
    .from(photoHolds)
    .innerJoin(uploader, eq(uploader.id, photoHolds.accountId))
    .where(eq(photoHolds.reportTokenHash, tokenHash));
  return row;
}

/** Marks the report once; false when it was already made (two clicks, or two tabs). */
export async function markReported(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(photoHolds)
    .set({ reportedAt: now })
    .where(and(eq(photoHolds.id, id), sql`${photoHolds.reportedAt} is null`))
    .returning({ id: photoHolds.id });
  return rows.length > 0;
}

/** A released profile photo becomes her card's picture (the url every card reads). */
export async function setAccountUrl(db: DbOrTx, accountId: string, url: string, now: Date): Promise<void> {
  await db.update(accounts).set({ url, updatedAt: now }).where(eq(accounts.id, accountId));
}
