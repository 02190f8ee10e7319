/**
 * Hand-made mp4 files for the rewriter's tests, and an independent reader of
 * their samples (written apart from the server's parser so that a mistake in
 * one is not repeated in the check).
 */

/** An ISO-BMFF box: 32-bit size, 4-character type (latin1, so '©xyz' works), payload. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A full box: version, 24-bit flags, payload. */
export function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version << 24) | flags) >>> 0, 0);
  return box(type, vf, ...payload);
}

/** Big-endian 32-bit words; `table` takes an array, for lists too long to spread as arguments. */
const table = (values: number[]): Buffer => {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v, 4 * i));
  return b;
};
const u32s = (...values: number[]): Buffer => table(values);

/** A date that must not survive: 2024-05-01 in seconds since 1904, as mp4 counts. */
export const RECORDED_AT = 3_797_496_000;

export interface TrackSpec {
  handler: 'vide' | 'soun' | 'meta' | 'text';
  samples: Buffer[];
  samplesPerChunk?: number;
  /** Track ids this track refers to (a 'cdsc' reference). */
  refers?: number[];
  /** Sample entry type; defaults by handler (avc1, mp4a, mett, tx3g). */
  entry?: string;
  /** Boxes added inside this trak (udta, meta…). */
  extra?: Buffer[];
  /** Data reference: self-contained unless an external URL is given. */
  externalUrl?: string;
}

export interface Mp4Spec {
  tracks: TrackSpec[];
  /** moov before mdat (faststart); otherwise after, as cameras and ffmpeg write by default. */
  moovFirst?: boolean;
  sizes?: 'stsz' | 'constant' | 'stz2';
  co64?: boolean;
  /** Boxes added inside moov, and at the top level after ftyp and at the end of the file. */
  moovExtra?: Buffer[];
  topExtra?: Buffer[];
  /** Bytes inside mdat that no sample points at, placed after the first chunk. */
  mdatGap?: Buffer;
  /** Offset added to every chunk offset (to point samples somewhere else). */
  shiftOffsets?: number;
}

const ENTRIES = { vide: 'avc1', soun: 'mp4a', meta: 'mett', text: 'tx3g' } as const;

function sampleEntry(type: string, handler: TrackSpec['handler']): Buffer {
  const base = Buffer.alloc(8);
  base.writeUInt16BE(1, 6); // data reference index
  if (handler === 'vide') {
    const visual = Buffer.alloc(70);
    visual.writeUInt16BE(160, 16);
    visual.writeUInt16BE(120, 18);
    visual.writeUInt32BE(0x00480000, 20);
    visual.writeUInt32BE(0x00480000, 24);
    visual.writeUInt16BE(1, 32);
    visual[34] = 13;
    visual.write('Secret Phone X', 35, 'latin1'); // compressor name: a device name
    visual.writeUInt16BE(0x18, 66);
    visual.writeInt16BE(-1, 68);
    return box(type, base, visual, box('avcC', Buffer.from([1, 0x42, 0, 0x1e, 0xff, 0xe0, 0])));
  }
  if (handler === 'soun') {
    const audio = Buffer.alloc(20);
    audio.writeUInt16BE(2, 8);
    audio.writeUInt16BE(16, 10);
    audio.writeUInt32BE(44100 * 65536, 16);
    return box(type, base, audio, fullBox('esds', 0, 0, Buffer.from([3, 4, 0, 1, 0])));
  }
  return box(type, base);
}

function sizeBox(samples: Buffer[], kind: Mp4Spec['sizes']): Buffer {
  if (kind === 'constant') {
    const size = samples[0]?.length ?? 0;
    if (samples.some((s) => s.length !== size)) throw new Error('constant sizes need equal samples');
    return fullBox('stsz', 0, 0, u32s(size, samples.length));
  }
  if (kind === 'stz2') {
    if (samples.some((s) => s.length > 255)) throw new Error('stz2 helper writes 8-bit sizes');
    return fullBox('stz2', 0, 0, u32s(8, samples.length), Buffer.from(samples.map((s) => s.length)));
  }
  return fullBox('stsz', 0, 0, u32s(0, samples.length), table(samples.map((s) => s.length)));
}

function trak(spec: Mp4Spec, t: TrackSpec, id: number, offsets: number[]): Buffer {
  const tkhd = Buffer.alloc(80);
  tkhd.writeUInt32BE(RECORDED_AT, 0);
  tkhd.writeUInt32BE(RECORDED_AT, 4);
  tkhd.writeUInt32BE(id, 8);
  tkhd.writeUInt32BE(1000, 16);
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((v, i) => tkhd.writeUInt32BE(v, 36 + i * 4));
  const mdhd = u32s(RECORDED_AT, RECORDED_AT, 1000, 1000, 0x55c40000);
  const name = Buffer.from(`Secret ${t.handler} handler\0`, 'latin1');
  const hdlr = fullBox('hdlr', 0, 0, u32s(0), Buffer.from(t.handler, 'latin1'), Buffer.alloc(12), name);
  const header =
    t.handler === 'vide'
      ? fullBox('vmhd', 0, 1, Buffer.alloc(8))
      : t.handler === 'soun'
        ? fullBox('smhd', 0, 0, Buffer.alloc(4))
        : fullBox('nmhd', 0, 0);
  const url = t.externalUrl
    ? fullBox('url ', 0, 0, Buffer.from(`${t.externalUrl}\0`))
    : fullBox('url ', 0, 1);
  const dinf = box('dinf', fullBox('dref', 0, 0, u32s(1), url));
  const perChunk = t.samplesPerChunk ?? 2;
  const stco = spec.co64
    ? fullBox(
        'co64',
        0,
        0,
        u32s(offsets.length),
        ...offsets.map((o) => {
          const b = Buffer.alloc(8);
          b.writeBigUInt64BE(BigInt(o));
          return b;
        }),
      )
    : fullBox('stco', 0, 0, u32s(offsets.length), table(offsets));
  const lastChunkSamples = t.samples.length - perChunk * (offsets.length - 1);
  const stsc =
    lastChunkSamples === perChunk || offsets.length <= 1
      ? fullBox(
          'stsc',
          0,
          0,
          u32s(offsets.length ? 1 : 0),
          ...(offsets.length ? [u32s(1, lastChunkSamples, 1)] : []),
        )
      : fullBox('stsc', 0, 0, u32s(2, 1, perChunk, 1, offsets.length, lastChunkSamples, 1));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32s(1), sampleEntry(t.entry ?? ENTRIES[t.handler], t.handler)),
    fullBox('stts', 0, 0, u32s(1, t.samples.length, 100)),
    fullBox('stss', 0, 0, u32s(1, 1)),
    stsc,
    sizeBox(t.samples, spec.sizes),
    stco,
  );
  const tref = t.refers ? [box('tref', box('cdsc', u32s(...t.refers)))] : [];
  return box(
    'trak',
    fullBox('tkhd', 0, 3, tkhd),
    ...tref,
    box('mdia', fullBox('mdhd', 0, 0, mdhd), hdlr, box('minf', header, dinf, stbl)),
    ...(t.extra ?? []),
  );
}

/** Splits each track's samples into chunks and lays the chunks out in mdat, tracks interleaved. */
function layout(spec: Mp4Spec) {
  const chunks = spec.tracks.map((t) => {
    const per = t.samplesPerChunk ?? 2;
    const out: Buffer[] = [];
    for (let i = 0; i < t.samples.length; i += per) out.push(Buffer.concat(t.samples.slice(i, i + per)));
    return out;
  });
  const order: { track: number; bytes: Buffer }[] = [];
  for (let i = 0; i < Math.max(0, ...chunks.map((c) => c.length)); i++)
    chunks.forEach((c, track) => {
      const bytes = c[i];
      if (bytes) order.push({ track, bytes });
    });
  const parts: Buffer[] = [];
  const relative: number[][] = spec.tracks.map(() => []);
  let at = 0;
  order.forEach((chunk, i) => {
    relative[chunk.track]!.push(at);
    parts.push(chunk.bytes);
    at += chunk.bytes.length;
    if (i === 0 && spec.mdatGap) {
      parts.push(spec.mdatGap);
      at += spec.mdatGap.length;
    }
  });
  return { payload: Buffer.concat(parts), relative };
}

export function ftyp(brand = 'isom'): Buffer {
  return box('ftyp', Buffer.from(brand, 'latin1'), u32s(512), Buffer.from('isomiso2mp41', 'latin1'));
}

export function buildMp4(spec: Mp4Spec): Buffer {
  const { payload, relative } = layout(spec);
  const mvhd = Buffer.alloc(96);
  mvhd.writeUInt32BE(RECORDED_AT, 0);
  mvhd.writeUInt32BE(RECORDED_AT, 4);
  mvhd.writeUInt32BE(1000, 8);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(0x00010000, 16);
  mvhd.writeUInt16BE(0x0100, 20);
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((v, i) => mvhd.writeUInt32BE(v, 32 + i * 4));
  mvhd.writeUInt32BE(spec.tracks.length + 1, 92);
  const moov = (base: number) =>
    box(
      'moov',
      fullBox('mvhd', 0, 0, mvhd),
      ...spec.tracks.map((t, i) =>
        trak(
          spec,
          t,
          i + 1,
          relative[i]!.map((r) => base + r + (spec.shiftOffsets ?? 0)),
        ),
      ),
      ...(spec.moovExtra ?? []),
    );
  const head = Buffer.concat([ftyp(), ...(spec.topExtra ?? [])]);
  const mdat = box('mdat', payload);
  if (spec.moovFirst) {
    const size = moov(1 << 20).length; // any base: offsets have a fixed width
    return Buffer.concat([head, moov(head.length + size + 8), mdat]);
  }
  return Buffer.concat([head, mdat, moov(head.length + 8)]);
}

// ---- an independent reader ---------------------------------------------------------

interface Found {
  type: string;
  start: number;
  payload: number;
  end: number;
}

/** The boxes of one level (32-bit sizes only: every file these tests read uses them). */
export function boxesIn(bytes: Buffer, start = 0, end = bytes.length): Found[] {
  const out: Found[] = [];
  for (let at = start; at < end;) {
    const size = bytes.readUInt32BE(at) || end - at;
    out.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, payload: at + 8, end: at + size });
    at += size;
  }
  return out;
}

/** Boxes at a path such as 'moov/trak/mdia/mdhd' (every match at each level). */
export function boxesAt(bytes: Buffer, path: string, scope?: Found): Found[] {
  let level = [scope ?? { type: '', start: 0, payload: 0, end: bytes.length }];
  for (const type of path.split('/')) {
    level = level.flatMap((b) => boxesIn(bytes, b.payload, b.end)).filter((b) => b.type === type);
  }
  return level;
}

/** Each track's handler and samples, read from stsd/stsc/stsz|stz2/stco|co64 as a player would. */
export function samplesOf(bytes: Buffer): { handler: string; samples: Buffer[] }[] {
  return boxesAt(bytes, 'moov/trak').map((trak) => {
    const [hdlr] = boxesAt(bytes, 'mdia/hdlr', trak);
    const stbl = boxesAt(bytes, 'mdia/minf/stbl', trak)[0]!;
    const get = (type: string) => boxesIn(bytes, stbl.payload, stbl.end).find((b) => b.type === type);
    const word = (b: Found, i: number) => bytes.readUInt32BE(b.payload + 4 + 4 * i);
    const stsz = get('stsz');
    const stz2 = get('stz2');
    const count = stsz ? word(stsz, 1) : word(stz2!, 1);
    const sizeOf = (i: number) =>
      stsz ? word(stsz, 0) || word(stsz, 2 + i) : bytes[stz2!.payload + 12 + i]!;
    const stco = get('stco');
    const co64 = get('co64');
    const chunkCount = stco ? word(stco, 0) : word(co64!, 0);
    const offsetOf = (c: number) =>
      stco ? word(stco, 1 + c) : Number(bytes.readBigUInt64BE(co64!.payload + 8 + 8 * c));
    const stsc = get('stsc')!;
    const runs = Array.from({ length: word(stsc, 0) }, (_, i) => ({
      first: word(stsc, 1 + 3 * i),
      per: word(stsc, 2 + 3 * i),
    }));
    const samples: Buffer[] = [];
    for (let c = 0; c < chunkCount; c++) {
      const per = runs.filter((r) => r.first <= c + 1).at(-1)!.per;
      let at = offsetOf(c);
      for (let k = 0; k < per && samples.length < count; k++) {
        const size = sizeOf(samples.length);
        samples.push(bytes.subarray(at, at + size));
        at += size;
      }
    }
    return { handler: bytes.toString('latin1', hdlr!.payload + 8, hdlr!.payload + 12), samples };
  });
}
