import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  clientRatings,
  comments,
  escortRatings,
  favorites,
  identityDocuments,
  media,
  meetings,
  ratingTotals,
} from '../../src/db/schema/index.ts';
import { ingestImage } from '../../src/infra/media/images.ts';
import { ingestVideo } from '../../src/infra/media/video.ts';
import { buildMp4 } from '../helpers/mp4-build.ts';
import { documentStoreFor } from '../../src/infra/documents/store.ts';
import type { FixtureAccount } from '../helpers/fixtures.ts';

/** Shared set-up for the data-rights and reports tests: real files, real rows. */

export async function pngBytes(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed % 255, g: 90, b: 120 } },
  })
    .png()
    .toBuffer();
}

/** A minimal mp4 (one video track, `seed` as its only sample) that passes the byte check. */
export function mp4Bytes(seed: number): Buffer {
  const sample = Buffer.alloc(16);
  sample.writeUInt32BE(seed, 0);
  return buildMp4({ tracks: [{ handler: 'vide', samples: [sample] }], moovFirst: true });
}

export async function addPhoto(
  app: FastifyInstance,
  account: FixtureAccount,
  purpose: 'profile' | 'gallery',
  bytes: Buffer,
) {
  const stored = await ingestImage(app.services.media, bytes, { maxBytes: 8 * 1024 * 1024 });
  await app.db.insert(media).values({ accountId: account.id, purpose, mediaType: 'image', ...stored });
  return stored;
}

export async function addVideo(app: FastifyInstance, account: FixtureAccount, bytes: Buffer) {
  const stored = await ingestVideo(app.services.media, bytes, { maxBytes: 2 * 1024 * 1024 });
  await app.db
    .insert(media)
    .values({ accountId: account.id, purpose: 'gallery', mediaType: 'video', ...stored });
  return stored;
}

export async function addDocument(app: FastifyInstance, account: FixtureAccount, createdAt?: Date) {
  const storageKey = await documentStoreFor(app.config).put(await pngBytes(7));
  await app.db.insert(identityDocuments).values({
    accountId: account.id,
    storageKey,
    publicId: `doc${storageKey.slice(0, 12)}`,
    ...(createdAt ? { createdAt } : {}),
  });
  return { storageKey, file: documentStoreFor(app.config).pathOf(storageKey) };
}

export async function addFavorite(app: FastifyInstance, client: FixtureAccount, escort: FixtureAccount) {
  await app.db.insert(favorites).values({ clientId: client.id, escortId: escort.id });
}

export async function addMeeting(
  app: FastifyInstance,
  client: FixtureAccount,
  escort: FixtureAccount,
  status: 'pendiente' | 'aceptada' | 'cerrada' = 'pendiente',
) {
  const [row] = await app.db
    .insert(meetings)
    .values({
      clientId: client.id,
      escortId: escort.id,
      status,
      acceso: status === 'aceptada',
      ...(status !== 'pendiente' ? { acceptedAt: new Date() } : {}),
    })
    .returning({ id: meetings.id });
  return row!.id;
}

export async function addComment(
  app: FastifyInstance,
  client: FixtureAccount,
  escort: FixtureAccount,
  text: string,
  fecha = '2026-01-10',
) {
  await app.db.insert(comments).values({
    clientId: client.id,
    escortId: escort.id,
    nickCliente: client.nickname,
    fecha,
    comentario: text,
  });
}

const notes = (n: number) => ({ nota1: n, nota2: n, nota3: n, nota4: n, nota5: n });

/** A rating with its running totals, as the marketplace service keeps them. */
export async function rateEscort(
  app: FastifyInstance,
  client: FixtureAccount,
  escort: FixtureAccount,
  n: number,
  meetingId?: string,
) {
  await app.db.insert(escortRatings).values({
    escortId: escort.id,
    raterId: client.id,
    calificador: client.nickname,
    meetingId: meetingId ?? null,
    ...notes(n),
  });
  await bumpTotals(app, escort.id, n);
}

export async function rateClient(
  app: FastifyInstance,
  escort: FixtureAccount,
  client: FixtureAccount,
  n: number,
  meetingId?: string,
) {
  await app.db.insert(clientRatings).values({
    clientId: client.id,
    raterId: escort.id,
    calificador: escort.nickname,
    meetingId: meetingId ?? null,
    ...notes(n),
  });
  await bumpTotals(app, client.id, n);
}

async function bumpTotals(app: FastifyInstance, accountId: string, n: number) {
  await app.db
    .insert(ratingTotals)
    .values({ accountId, count: 1, sum1: n, sum2: n, sum3: n, sum4: n, sum5: n })
    .onConflictDoUpdate({
      target: ratingTotals.accountId,
      set: {
        count: sql`${ratingTotals.count} + 1`,
        sum1: sql`${ratingTotals.sum1} + ${n}`,
        sum2: sql`${ratingTotals.sum2} + ${n}`,
        sum3: sql`${ratingTotals.sum3} + ${n}`,
        sum4: sql`${ratingTotals.sum4} + ${n}`,
        sum5: sql`${ratingTotals.sum5} + ${n}`,
      },
    });
}

/** Every table of the public schema, read whole, with the rows that mention any of the needles. */
export async function rowsMentioning(
  app: FastifyInstance,
  needles: string[],
): Promise<Record<string, unknown[]>> {
  const tables = await app.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, unknown[]> = {};
  const list =
    (tables as unknown as { rows?: { table_name: string }[] }).rows ??
    (tables as unknown as { table_name: string }[]);
  for (const { table_name } of list) {
    const result = await app.db.execute(sql.raw(`select * from "${table_name}"`));
    const rows = ((result as unknown as { rows?: unknown[] }).rows ??
      (result as unknown as unknown[])) as unknown[];
    const hits = rows.filter((r) => {
      // Perceptual hashes are 64-bit integers (BigInt on PGlite), which JSON cannot write as they are.
      const text = JSON.stringify(r, (_k, v: unknown) =>
        typeof v === 'bigint' ? v.toString() : v,
      ).toLowerCase();
      return needles.some((n) => text.includes(n.toLowerCase()));
    });
    if (hits.length > 0) found[table_name] = hits;
  }
  return found;
}

export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

export const fileExists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
