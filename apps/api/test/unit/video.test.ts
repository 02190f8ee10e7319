import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import type { AppError } from '../../src/errors.ts';
import { rewriteMp4 } from '../../src/infra/media/mp4-rewrite.ts';
import type { MediaStore } from '../../src/infra/media/store.ts';
import { hasMp4Signature, ingestVideo, isMp4 } from '../../src/infra/media/video.ts';
import { buildMp4 } from '../helpers/mp4-build.ts';
import { forgedMp4, tinyMp4 } from '../helpers/gallery-media.ts';

function withBrand(bytes: Buffer, brand: string): Buffer {
  const copy = Buffer.from(bytes);
  copy.write(brand, 8, 'latin1');
  return copy;
}

describe('mp4 detection by the ftyp box', () => {
  it('accepts ftyp + moov + mdat with a known major brand', () => {
    const mp4 = tinyMp4();
    expect(hasMp4Signature(mp4)).toBe(true);
    expect(isMp4(mp4)).toBe(true);
    for (const brand of ['mp42', 'avc1', 'iso5', 'M4V ']) expect(isMp4(withBrand(mp4, brand))).toBe(true);
  });

  it('refuses unknown brands (QuickTime, 3GPP, HEIC, audio)', () => {
    for (const brand of ['qt  ', '3gp4', 'heic', 'M4A '])
      expect(isMp4(withBrand(tinyMp4(), brand))).toBe(false);
  });

  it('refuses files that only look like an mp4 at the start', () => {
    expect(isMp4(forgedMp4())).toBe(false);
    expect(isMp4(Buffer.concat([tinyMp4(8), Buffer.from('<html>')]))).toBe(false);
    expect(isMp4(Buffer.from('....ftypisom'))).toBe(false);
    expect(isMp4(Buffer.alloc(0))).toBe(false);
    // No moov box: not a playable movie.
    const noMoov = tinyMp4(8);
    const ftypSize = noMoov.readUInt32BE(0);
    const moovSize = noMoov.readUInt32BE(ftypSize);
    expect(isMp4(Buffer.concat([noMoov.subarray(0, ftypSize), noMoov.subarray(ftypSize + moovSize)]))).toBe(
      false,
    );
  });

  it('accepts a last box sized "to the end of file"', () => {
    const mp4 = tinyMp4(32);
    const ftypSize = mp4.readUInt32BE(0);
    const moovSize = mp4.readUInt32BE(ftypSize);
    const copy = Buffer.from(mp4);
    copy.writeUInt32BE(0, ftypSize + moovSize);
    expect(isMp4(copy)).toBe(true);
  });
});

describe('ingestVideo', () => {
  function memoryStore() {
    const files = new Map<string, Buffer>();
    const store: MediaStore = {
      put: async (key, body) => void files.set(key, body),
      get: async (key) => files.get(key) ?? null,
      delete: async (key) => void files.delete(key),
      url: (key) => `/media/${key}`,
      list: async function* () {
        yield* files.keys();
      },
    };
    return { store, files };
  }
  const options = { maxBytes: 2 * 1024 * 1024 };
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 'stored',
      (err: AppError) => `${err.status} ${err.mensaje}`,
    );

  it('stores the rewritten bytes, named after them', async () => {
    const { store, files } = memoryStore();
    const input = buildMp4({
      tracks: [{ handler: 'vide', samples: [Buffer.from('frame one'), Buffer.from('two')] }],
    });
    const stored = await ingestVideo(store, input, options);
    const bytes = files.get(stored.variants[0]!.key)!;
    expect(bytes.equals(rewriteMp4(input))).toBe(true);
    expect(stored.bytes).toBe(bytes.length);
    expect(stored.publicId).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 32));
  });

  it('refuses markup in the upload, and markup the rewrite would join from two halves', async () => {
    const { store, files } = memoryStore();
    const spec = (gap: string) => ({
      tracks: [
        {
          handler: 'vide' as const,
          samples: [Buffer.from('x<scr'), Buffer.from('ipt>y')],
          samplesPerChunk: 1,
        },
      ],
      mdatGap: Buffer.from(gap),
    });
    const refused = `415 ${msg.unsupportedType}`;
    expect(await status(ingestVideo(store, buildMp4(spec('<script>')), options))).toBe(refused);
    // '<scr' + gap + 'ipt>': no markup in the upload, but dropping the gap would make '<script>'.
    expect(buildMp4(spec('--')).includes('<script')).toBe(false);
    expect(await status(ingestVideo(store, buildMp4(spec('--')), options))).toBe(refused);
    expect(files.size).toBe(0);
  });

  it('refuses what it cannot rewrite with a message about the video', async () => {
    const { store } = memoryStore();
    const metaOnly = buildMp4({ tracks: [{ handler: 'meta', samples: [Buffer.from('gps')] }] });
    expect(await status(ingestVideo(store, metaOnly, options))).toBe(`415 ${msg.videoNotProcessable}`);
  });
});
