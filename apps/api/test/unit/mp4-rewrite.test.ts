import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Mp4FormatError } from '../../src/infra/media/mp4-boxes.ts';
import { rewriteMp4 } from '../../src/infra/media/mp4-rewrite.ts';
import { isMp4 } from '../../src/infra/media/video.ts';
import {
  RECORDED_AT,
  box,
  boxesAt,
  boxesIn,
  buildMp4,
  fullBox,
  samplesOf,
  type Mp4Spec,
  type TrackSpec,
} from '../helpers/mp4-build.ts';

const samples = (n: number, size = 37) => Array.from({ length: n }, () => randomBytes(size));
const video = (extra: Partial<TrackSpec> = {}): TrackSpec => ({
  handler: 'vide',
  samples: samples(7),
  ...extra,
});
const audio = (extra: Partial<TrackSpec> = {}): TrackSpec => ({
  handler: 'soun',
  samples: samples(9, 21),
  samplesPerChunk: 3,
  ...extra,
});

const text = (s: string) => Buffer.from(s, 'latin1');
/** The metadata phones, cameras and editors write, each carrying a marker that must disappear. */
const xmpUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const metadata = {
  udta: box(
    'udta',
    box('\xa9xyz', text('\x00\x13\x15\xc7+33.4489-070.6693/')),
    fullBox('loci', 0, 0, text('\x15\xc7home\x00\x00\xff\xb9T\xa9\x00!r\xeb\x00\x00\x00\x00earth\x00')),
    box('\xa9ART', text('SECRET-ARTIST')),
    box('\xa9mak', text('SECRET-MAKER')),
  ),
  meta: fullBox(
    'meta',
    0,
    0,
    fullBox('hdlr', 0, 0, text('\0\0\0\0mdta'), Buffer.alloc(13)),
    box('keys', text('com.apple.quicktime.location.ISO6709 SECRET-KEYS')),
  ),
  xmp: box('uuid', xmpUuid, text('<x:xmpmeta>SECRET-XMP</x:xmpmeta>')),
  vendor: box('smta', text('SECRET-VENDOR')),
};
const markers = ['33.4489', 'SECRET', 'Secret', 'udta', 'meta', 'loci', '\xa9xyz', 'uuid', 'smta', 'free'];

function expectNoMarkers(out: Buffer) {
  const s = out.toString('latin1');
  for (const m of markers) expect(s.includes(m), `still contains ${JSON.stringify(m)}`).toBe(false);
}

/** Same tracks (audio and video only), same samples in the same order, as a player reads them. */
function expectSameSamples(input: Buffer, out: Buffer) {
  const kept = samplesOf(input).filter((t) => t.handler === 'vide' || t.handler === 'soun');
  const after = samplesOf(out);
  expect(after.map((t) => t.handler)).toEqual(kept.map((t) => t.handler));
  after.forEach((t, i) => {
    expect(t.samples.length).toBe(kept[i]!.samples.length);
    t.samples.forEach((s, k) => expect(s.equals(kept[i]!.samples[k]!), `track ${i} sample ${k}`).toBe(true));
  });
}

const refuses = (spec: Mp4Spec | Buffer) =>
  expect(() => rewriteMp4(Buffer.isBuffer(spec) ? spec : buildMp4(spec))).toThrow(Mp4FormatError);

describe('rewriteMp4', () => {
  it('drops every metadata box and moves moov before mdat with the chunk offsets fixed up', () => {
    const input = buildMp4({
      tracks: [video({ extra: [metadata.udta, metadata.meta] }), audio()],
      moovExtra: [metadata.udta, metadata.meta, metadata.xmp, metadata.vendor, box('iods', Buffer.alloc(8))],
      topExtra: [box('free', Buffer.alloc(16)), metadata.xmp, metadata.udta],
      mdatGap: text('SECRET-GAP-BYTES'),
    });
    expect(boxesIn(input).map((b) => b.type)).toEqual(['ftyp', 'free', 'uuid', 'udta', 'mdat', 'moov']);
    const out = rewriteMp4(input);
    expect(boxesIn(out).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expect(boxesAt(out, 'moov').flatMap((m) => boxesIn(out, m.payload, m.end).map((b) => b.type))).toEqual([
      'mvhd',
      'trak',
      'trak',
    ]);
    expect(isMp4(out)).toBe(true);
    expectSameSamples(input, out);
    expectNoMarkers(out);
    // Only the samples' bytes are left in mdat: the gap between chunks is gone.
    const mdat = boxesAt(out, 'mdat')[0]!;
    const sampleBytes = samplesOf(input).reduce((n, t) => n + t.samples.reduce((m, s) => m + s.length, 0), 0);
    expect(mdat.end - mdat.payload).toBe(sampleBytes);
  });

  it('zeroes the creation and modification times of the movie, its tracks and their media', () => {
    const input = buildMp4({ tracks: [video(), audio()] });
    const stamp = Buffer.alloc(4);
    stamp.writeUInt32BE(RECORDED_AT);
    expect(input.includes(stamp)).toBe(true);
    const out = rewriteMp4(input);
    expect(out.includes(stamp)).toBe(false);
    for (const path of ['moov/mvhd', 'moov/trak/tkhd', 'moov/trak/mdia/mdhd'])
      for (const b of boxesAt(out, path)) expect(out.readBigUInt64BE(b.payload + 4), path).toBe(0n);
    // The rest of the headers is untouched: track ids, timescales, durations.
    expect(boxesAt(out, 'moov/trak/tkhd').map((b) => out.readUInt32BE(b.payload + 12))).toEqual([1, 2]);
    expect(boxesAt(out, 'moov/mvhd').map((b) => out.readUInt32BE(b.payload + 12))).toEqual([1000]);
  });

  it('blanks handler names and the compressor name, keeping the codec configuration', () => {
    const input = buildMp4({ tracks: [video(), audio()] });
    const out = rewriteMp4(input);
    for (const hdlr of boxesAt(out, 'moov/trak/mdia/hdlr')) expect(hdlr.end - hdlr.payload).toBe(25);
    expect(out.includes(text('Secret Phone X'))).toBe(false);
    const entries = (o: Buffer) =>
      boxesAt(o, 'moov/trak/mdia/minf/stbl/stsd').map((b) => boxesIn(o, b.payload + 8, b.end));
    const [videoEntry, audioEntry] = entries(out).map((e) => e[0]!);
    expect(videoEntry!.type).toBe('avc1');
    expect(boxesIn(out, videoEntry!.payload + 78, videoEntry!.end).map((b) => b.type)).toEqual(['avcC']);
    expect(audioEntry!.type).toBe('mp4a');
    expect(boxesIn(out, audioEntry!.payload + 28, audioEntry!.end).map((b) => b.type)).toEqual(['esds']);
  });

  it('keeps a faststart file in order and still rebuilds it', () => {
    const input = buildMp4({ tracks: [video(), audio()], moovFirst: true });
    const out = rewriteMp4(input);
    expect(boxesIn(out).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expectSameSamples(input, out);
    // Rewriting twice changes nothing: the same upload gets the same content hash.
    expect(rewriteMp4(out).equals(out)).toBe(true);
  });

  it('reads 64-bit chunk offsets, compact and constant sample sizes', () => {
    for (const spec of [{ co64: true }, { sizes: 'stz2' as const }, { sizes: 'constant' as const }]) {
      const input = buildMp4({ tracks: [video(), audio()], ...spec });
      const out = rewriteMp4(input);
      expectSameSamples(input, out);
      expect(boxesAt(out, 'moov/trak/mdia/minf/stbl/stco')).toHaveLength(2);
    }
  });

  it('drops timed metadata and text tracks with their samples, and references to them', () => {
    const gps = Array.from({ length: 4 }, (_, i) => text(`GPS SECRET-TRACK -33.44${i} -70.66${i}`));
    const input = buildMp4({
      tracks: [
        video({ refers: [3] }),
        audio({ refers: [1] }),
        { handler: 'meta', samples: gps, refers: [1] },
      ],
    });
    const subtitles = buildMp4({
      tracks: [video(), { handler: 'text', samples: [text('SECRET-SUBTITLE')] }],
    });
    const out = rewriteMp4(input);
    expectSameSamples(input, out);
    expectNoMarkers(out);
    // The video's reference named the dropped track; the audio's names the video and stays.
    expect(boxesAt(out, 'moov/trak').map((t) => boxesAt(out, 'tref', t).length)).toEqual([0, 1]);
    expectNoMarkers(rewriteMp4(subtitles));
  });

  it('refuses fragmented, encrypted and externally referenced movies', () => {
    refuses({ tracks: [video()], moovExtra: [box('mvex', fullBox('trex', 0, 0, Buffer.alloc(20)))] });
    refuses({ tracks: [video()], topExtra: [box('moof', fullBox('mfhd', 0, 0, Buffer.alloc(4)))] });
    refuses({ tracks: [video({ entry: 'encv' })] });
    refuses({ tracks: [video({ externalUrl: 'https://example.com/real.mp4' })] });
  });

  it('refuses sample tables that point outside mdat or do not add up', () => {
    // Chunks moved 8 bytes back from the start of mdat's payload land on its header.
    refuses({ tracks: [video()], moovFirst: true, shiftOffsets: -8 });
    // Pointing past the end of the file.
    refuses({ tracks: [video()], shiftOffsets: 1 << 20 });
    const input = buildMp4({ tracks: [video(), audio()] });
    // Two tracks sharing bytes: both tracks' first chunk at the same offset.
    const [first, second] = boxesAt(input, 'moov/trak/mdia/minf/stbl/stco');
    const overlapping = Buffer.from(input);
    overlapping.writeUInt32BE(input.readUInt32BE(first!.payload + 8), second!.payload + 8);
    refuses(overlapping);
    // stsz names fewer samples than the chunks hold.
    const [stsz] = boxesAt(input, 'moov/trak/mdia/minf/stbl/stsz');
    const short = Buffer.from(input);
    short.writeUInt32BE(input.readUInt32BE(stsz!.payload + 8) - 1, stsz!.payload + 8);
    refuses(short);
    // Nothing to play: only a metadata track, or sound without a picture.
    refuses({ tracks: [{ handler: 'meta', samples: samples(2) }] });
    refuses({ tracks: [audio()] });
  });

  it('refuses more chunks than any real video of the upload size has', () => {
    const oneBytePerChunk = (n: number) => {
      const data = randomBytes(n);
      const bytes = Array.from({ length: n }, (_, i) => data.subarray(i, i + 1));
      return buildMp4({ tracks: [video({ samples: bytes, samplesPerChunk: 1 })], moovFirst: true });
    };
    expect(samplesOf(rewriteMp4(oneBytePerChunk(50_000)))[0]!.samples).toHaveLength(50_000);
    refuses(oneBytePerChunk(200_001));
  });

  it('refuses boxes whose sizes do not fit inside their parent', () => {
    const input = buildMp4({ tracks: [video()], moovFirst: true });
    const [trak] = boxesAt(input, 'moov/trak');
    const broken = Buffer.from(input);
    broken.writeUInt32BE(trak!.end - trak!.start + 4, trak!.start);
    refuses(broken);
    const tiny = Buffer.from(input);
    tiny.writeUInt32BE(3, trak!.payload);
    refuses(tiny);
  });

  it('fails fast on a sample count of four billion instead of looping', () => {
    const input = buildMp4({ tracks: [video({ samples: samples(4, 10) })], sizes: 'constant' });
    const [stsz] = boxesAt(input, 'moov/trak/mdia/minf/stbl/stsz');
    const [stsc] = boxesAt(input, 'moov/trak/mdia/minf/stbl/stsc');
    const hostile = Buffer.from(input);
    hostile.writeUInt32BE(0xffffffff, stsz!.payload + 8);
    hostile.writeUInt32BE(0xffffffff, stsc!.payload + 12);
    const started = performance.now();
    refuses(hostile);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
