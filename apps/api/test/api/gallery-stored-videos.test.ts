import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile } from '../helpers/gallery-media.ts';
import { box, boxesIn, buildMp4, samplesOf } from '../helpers/mp4-build.ts';
import { media } from '../../src/db/schema/index.ts';
import { depsOf } from '../../src/deps.ts';
import { rewriteStoredVideos } from '../../src/modules/gallery/stored-videos.ts';

/**
 * Videos uploaded before uploads were cleaned are stored with their metadata:
 * the backfill (`npm run admin -- strip-videos`) must rewrite them under a new
 * name, move every row that shares them, and delete the old file.
 */
let t: TestApp;
let escort: FixtureAccount;
let other: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp();
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

const where = box('udta', box('\xa9xyz', Buffer.from('+33.4489-070.6693/')));
const phoneVideo = () =>
  buildMp4({
    tracks: [
      { handler: 'vide', samples: [Buffer.from(`frame ${Math.random()}`), Buffer.from('next frame')] },
    ],
    moovExtra: [where],
  });

/** Stores bytes the way the old upload did (as they came) and gives the rows to the accounts. */
async function legacyVideo(bytes: Buffer, owners: FixtureAccount[]) {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const key = `${hash.slice(0, 2)}/${hash}.mp4`;
  await t.app.services.media.put(key, bytes, 'video/mp4');
  for (const owner of owners)
    await t.app.db.insert(media).values({
      accountId: owner.id,
      purpose: 'gallery',
      mediaType: 'video',
      publicId: hash,
      url: `/media/${key}`,
      variants: [{ width: 0, height: 0, key }],
      bytes: bytes.length,
    });
  return { hash, key };
}

const rowsOf = (publicId: string) => t.app.db.select().from(media).where(eq(media.publicId, publicId));
const onDisk = (key: string) => fs.readFile(path.join(t.dataDir, 'media', key)).catch(() => null);

describe('rewriteStoredVideos', () => {
  it('rewrites a legacy video, moves every row sharing it, deletes the old file, and is idempotent', async () => {
    const bytes = phoneVideo();
    const old = await legacyVideo(bytes, [escort, other]);
    const refusedBytes = Buffer.concat([phoneVideo(), box('free', Buffer.from('<script>alert(1)</script>'))]);
    const refused = await legacyVideo(refusedBytes, [escort]);
    const missing = await legacyVideo(phoneVideo(), [other]);
    await fs.rm(path.join(t.dataDir, 'media', missing.key));

    const report = await rewriteStoredVideos(depsOf(t.app));
    expect(report).toMatchObject({ rewritten: 1, clean: 0 });
    expect(report.refused).toContain(refused.hash);
    expect(report.missing).toContain(missing.hash);

    expect(await rowsOf(old.hash)).toHaveLength(0);
    expect(await onDisk(old.key)).toBeNull();
    const moved = await t.app.db.select().from(media).where(eq(media.accountId, other.id));
    const row = moved.find((r) => r.publicId !== missing.hash)!;
    const clean = (await onDisk(row.variants[0]!.key))!;
    expect(clean.includes(Buffer.from('33.4489'))).toBe(false);
    expect(boxesIn(clean).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expect(samplesOf(clean)).toEqual(samplesOf(bytes));
    expect(row).toMatchObject({ url: `/media/${row.variants[0]!.key}`, bytes: clean.length });
    expect(await rowsOf(row.publicId)).toHaveLength(2);
    // The refused file is left for a person to decide, rows and bytes unchanged.
    expect((await onDisk(refused.key))!.equals(refusedBytes)).toBe(true);
    expect(await rowsOf(refused.hash)).toHaveLength(1);

    const again = await rewriteStoredVideos(depsOf(t.app));
    expect(again.rewritten).toBe(0);
    expect(again.clean).toBe(report.clean + report.rewritten);
  });

  it('leaves videos uploaded after the change alone', async () => {
    const { payload, headers } = multipartFile(phoneVideo(), 'v.mp4', 'video/mp4');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/subir-imagenes/${escort.nickname}`,
      payload,
      headers: { ...headers, ...bearer(escort) },
    });
    expect(res.statusCode).toBe(201);
    const before = await onDisk(res.json().url_imagen.replace('/media/', ''));
    const report = await rewriteStoredVideos(depsOf(t.app));
    expect(report.rewritten).toBe(0);
    expect((await onDisk(res.json().url_imagen.replace('/media/', '')))!.equals(before!)).toBe(true);
  });
});
