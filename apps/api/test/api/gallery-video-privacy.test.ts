import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import {
  decodes,
  firstLeak,
  hasFfmpeg,
  leaks,
  makeVideo,
  probe,
  type VideoOptions,
} from '../helpers/ffmpeg.ts';
import { multipartFile, scriptInMp4 } from '../helpers/gallery-media.ts';
import { boxesIn } from '../helpers/mp4-build.ts';
import { media } from '../../src/db/schema/index.ts';

/**
 * Decision 0049: a gallery video was stored and served byte for byte, with
 * the place it was recorded. The attack: upload a phone-like video carrying
 * location, artist and date, then fetch it as any visitor does.
 */
let t: TestApp;
let escort: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp();
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t.close();
});

function upload(bytes: Buffer, name = 'clip.mp4') {
  const { payload, headers } = multipartFile(bytes, name, 'video/mp4');
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/subir-imagenes/${escort.nickname}`,
    payload,
    headers: { ...headers, ...bearer(escort) },
  });
}

async function mediaRows() {
  return t.app.db.select().from(media).where(eq(media.accountId, escort.id));
}

describe.skipIf(!hasFfmpeg)('gallery videos are served without their metadata', () => {
  const cases: [string, VideoOptions][] = [
    ['moov after mdat, with audio and location keys', { audio: true }],
    ['faststart', { faststart: true }],
    ['©xyz in udta, as phones write it', { quicktimeUdta: true, audio: true }],
  ];
  it.each(cases)('%s', async (_name, options) => {
    const original = makeVideo(options);
    const before = probe(original);
    expect(before.tags.location ?? before.tags['location-eng']).toBe(leaks.location);
    const res = await upload(original);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.tipo).toBe('video');

    const served = await t.app.inject(body.url_imagen);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const bytes = served.rawPayload;
    expect(firstLeak(bytes)).toBeUndefined();
    expect(boxesIn(bytes).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    const after = probe(bytes);
    expect(after.tags).not.toHaveProperty('location');
    expect(after.tags).not.toHaveProperty('artist');
    expect(after.tags).not.toHaveProperty('creation_time');
    expect(after.duration).toBe(before.duration);
    expect(after.streams).toEqual(before.streams);
    expect(decodes(bytes)).toBe(true);
    // The file on disk is the one served, and the row records its size.
    expect((await fs.readFile(path.join(t.dataDir, body.url_imagen))).equals(bytes)).toBe(true);
    const row = (await mediaRows()).find((r) => r.publicId === body.publicId);
    expect(row?.bytes).toBe(bytes.length);
  });

  it('refuses a fragmented mp4 with 415 and says the video could not be processed', async () => {
    const before = (await mediaRows()).length;
    const res = await upload(makeVideo({ fragmented: true }));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      mensaje:
        'No pudimos procesar este video MP4. Guárdalo de nuevo desde tu teléfono o editor e inténtalo otra vez.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await mediaRows()).toHaveLength(before);
  });

  it('refuses a real video with a script in its metadata', async () => {
    const res = await upload(makeVideo({ artist: '<script>alert(document.cookie)</script>' }));
    expect(res.statusCode).toBe(415);
    expect(res.json().mensaje).toBe('Tipo de archivo no permitido. Solo se aceptan imágenes y videos MP4.');
  });
});

describe('mp4 polyglots', () => {
  it('refuses ftyp + moov + free with a script inside (415, like images)', async () => {
    const before = (await mediaRows()).length;
    const res = await upload(scriptInMp4());
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      mensaje: 'Tipo de archivo no permitido. Solo se aceptan imágenes y videos MP4.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await mediaRows()).toHaveLength(before);
  });
});
