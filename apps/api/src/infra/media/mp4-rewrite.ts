import {
  BoxReader,
  childrenOf,
  fail,
  findAll,
  findOne,
  makeBox,
  raw,
  readBoxes,
  type Mp4Box,
} from './mp4-boxes.ts';
import { trackChunks, type Chunk } from './mp4-chunks.ts';

/**
 * Rewrites an uploaded mp4 as `ftyp` + `moov` + one `mdat` holding only the
 * bytes the kept tracks' samples point at. Boxes are copied byte for byte from
 * an allowlist; everything else is dropped, so metadata the list does not know
 * (udta, meta, XMP uuid, loci, ©xyz, vendor boxes, timed metadata tracks such
 * as GPS telemetry, unreferenced bytes inside mdat) cannot survive. Only the
 * fields that hold positions (stco/co64) or wall-clock times (mvhd, tkhd,
 * mdhd) and free text (hdlr names, compressor names) are written anew. Boxes
 * are never re-serialised from a parsed form, so codec settings this code does
 * not understand (avcC, esds, colr, btrt…) cannot be lost.
 *
 * Throws Mp4FormatError for what it cannot rewrite safely: fragmented or
 * encrypted movies, external data references, sample tables that do not add
 * up or point outside an mdat, and files without a video track.
 */

/** Tracks a gallery video plays; timed text, metadata, hint and timecode tracks are dropped. */
const KEPT_HANDLERS = new Set(['vide', 'soun']);
/** Sample-table boxes copied as they are: timing, sync samples, sizes, chunk runs, sample groups. */
const KEPT_STBL = new Set([
  'stts',
  'ctts',
  'cslg',
  'stss',
  'stps',
  'sdtp',
  'stsz',
  'stz2',
  'stsc',
  'sbgp',
  'sgpd',
  'subs',
  'padb',
  'stsh',
  'stdp',
]);
/** Sample entries of protected (DRM) streams, and boxes whose offsets this rewriter would break. */
const ENCRYPTED_ENTRIES = new Set(['encv', 'enca', 'enct', 'encs', 'encm', 'encu', 'drmi', 'drms']);
const UNSUPPORTED_STBL = new Set(['saio', 'saiz', 'senc']);
/** Fragmented movies keep sample positions in every moof; they are not rewritten. */
const FRAGMENT_BOXES = new Set(['moof', 'mfra', 'sidx', 'ssix', 'styp']);
/**
 * Far more chunks than a real video of the upload size has (one per frame at
 * 60 fps for ten minutes, plus its audio, is under 100,000); a hostile table of
 * millions of empty chunks would otherwise cost hundreds of MB of bookkeeping.
 */
const MAX_CHUNKS = 200_000;

interface KeptTrack {
  id: number;
  handler: string;
  chunks: Chunk[];
  /** Track ids its `tref` names (empty without one). */
  references: number[];
  /** Builds the trak once the new position of every chunk is known. */
  build(chunkOffset: (chunk: Chunk) => number, keepReferences: boolean): Buffer;
}

/** A copy of a header box (mvhd, tkhd, mdhd) with its creation and modification times zeroed. */
function withoutTimes(bytes: Buffer, box: Mp4Box): Buffer {
  const r = new BoxReader(bytes, box);
  const { version } = r.fullHeader();
  const width = version === 1 ? 8 : 4;
  if (r.remaining() < 2 * width) fail(`truncated ${box.type}`);
  const copy = Buffer.from(raw(bytes, box));
  copy.fill(0, r.pos - box.start, r.pos - box.start + 2 * width);
  return copy;
}

/** The handler, rewritten with an empty name (muxers and phones write their own names there). */
function handler(bytes: Buffer, hdlr: Mp4Box): { type: string; box: Buffer } {
  const r = new BoxReader(bytes, hdlr);
  if (r.remaining() < 24) fail('truncated hdlr');
  const fixed = Buffer.from(bytes.subarray(hdlr.payload, hdlr.payload + 24));
  fixed.fill(0, 12); // reserved words
  return {
    type: bytes.toString('latin1', hdlr.payload + 8, hdlr.payload + 12),
    box: makeBox('hdlr', fixed, Buffer.alloc(1)),
  };
}

/** One self-contained data reference: the samples are in this file and nowhere else. */
const SELF_CONTAINED_DINF = makeBox(
  'dinf',
  makeBox('dref', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), makeBox('url ', Buffer.from([0, 0, 0, 1]))),
);

function assertSelfContained(bytes: Buffer, dinf: Mp4Box): void {
  const dref = findOne(childrenOf(bytes, dinf), 'dref', true);
  const r = new BoxReader(bytes, dref);
  r.fullHeader();
  r.u32();
  const entries = readBoxes(bytes, r.pos, dref.end);
  const first = entries[0] ?? fail('empty dref');
  const flags = new BoxReader(bytes, first).fullHeader().flags;
  if ((first.type !== 'url ' && first.type !== 'urn ') || (flags & 1) !== 1) fail('external data reference');
}

/**
 * The sample descriptions with each visual entry's 32-byte compressor name
 * blanked. Entries must use the first (self-contained) data reference.
 */
function sampleDescriptions(bytes: Buffer, stsd: Mp4Box, video: boolean): Buffer {
  const r = new BoxReader(bytes, stsd);
  r.fullHeader();
  r.u32();
  const entries = readBoxes(bytes, r.pos, stsd.end);
  if (entries.length === 0) fail('no sample description');
  const copy = Buffer.from(raw(bytes, stsd));
  for (const entry of entries) {
    if (ENCRYPTED_ENTRIES.has(entry.type)) fail('encrypted stream');
    if (entry.end - entry.payload < 8) fail('truncated sample entry');
    if (bytes.readUInt16BE(entry.payload + 6) !== 1) fail('sample entry uses another data reference');
    // VisualSampleEntry: 78 fixed bytes, compressorname at 42..74 of the payload.
    if (video && entry.end - entry.payload >= 78) {
      const at = entry.payload + 42 - stsd.start;
      copy.fill(0, at, at + 32);
    }
  }
  return copy;
}

function chunkOffsetBox(offsets: number[]): Buffer {
  const body = Buffer.alloc(8 + 4 * offsets.length);
  body.writeUInt32BE(offsets.length, 4);
  offsets.forEach((o, i) => {
    if (o > 0xffffffff) fail('offset beyond 4 GB');
    body.writeUInt32BE(o, 8 + 4 * i);
  });
  return makeBox('stco', body);
}

function readTrack(bytes: Buffer, trak: Mp4Box): KeptTrack | undefined {
  const parts = childrenOf(bytes, trak);
  const mdia = childrenOf(bytes, findOne(parts, 'mdia', true));
  const hdlr = handler(bytes, findOne(mdia, 'hdlr', true));
  if (!KEPT_HANDLERS.has(hdlr.type)) return undefined;
  const tkhd = findOne(parts, 'tkhd', true);
  const tkhdReader = new BoxReader(bytes, tkhd);
  const { version } = tkhdReader.fullHeader();
  tkhdReader.pos += version === 1 ? 16 : 8;
  const id = tkhdReader.u32();
  const minf = childrenOf(bytes, findOne(mdia, 'minf', true));
  const mediaHeader = findOne(minf, hdlr.type === 'vide' ? 'vmhd' : 'smhd', true);
  assertSelfContained(bytes, findOne(minf, 'dinf', true));
  const stbl = childrenOf(bytes, findOne(minf, 'stbl', true));
  if (stbl.some((b) => UNSUPPORTED_STBL.has(b.type))) fail('auxiliary sample data');
  const stsd = sampleDescriptions(bytes, findOne(stbl, 'stsd', true), hdlr.type === 'vide');
  const chunks = trackChunks(bytes, stbl);
  const edts = findOne(parts, 'edts');
  const mdhd = withoutTimes(bytes, findOne(mdia, 'mdhd', true));
  const tkhdClean = withoutTimes(bytes, tkhd);
  const tref = findOne(parts, 'tref');
  return {
    id,
    handler: hdlr.type,
    chunks,
    references: tref ? referencedIds(bytes, tref) : [],
    build(chunkOffset, keepReferences) {
      const table = stbl.filter((b) => KEPT_STBL.has(b.type)).map((b) => raw(bytes, b));
      const stblBox = makeBox('stbl', stsd, ...table, chunkOffsetBox(chunks.map(chunkOffset)));
      const minfBox = makeBox('minf', raw(bytes, mediaHeader), SELF_CONTAINED_DINF, stblBox);
      const mdiaBox = makeBox('mdia', mdhd, hdlr.box, minfBox);
      const optional = [tref && keepReferences ? tref : undefined, edts].filter((b) => b !== undefined);
      return makeBox('trak', tkhdClean, ...optional.map((b) => raw(bytes, b)), mdiaBox);
    },
  };
}

/** Every track id named in a tref (chapters, descriptions, dependencies). */
function referencedIds(bytes: Buffer, tref: Mp4Box): number[] {
  return childrenOf(bytes, tref).flatMap((ref) => {
    const r = new BoxReader(bytes, ref);
    const ids: number[] = [];
    while (r.remaining() >= 4) ids.push(r.u32());
    if (r.remaining() !== 0) fail('truncated tref');
    return ids;
  });
}

/** The rewritten file, or Mp4FormatError. `bytes` must already have passed isMp4. */
export function rewriteMp4(bytes: Buffer): Buffer {
  const top = readBoxes(bytes, 0, bytes.length);
  if (top.some((b) => FRAGMENT_BOXES.has(b.type))) fail('fragmented movie');
  const ftyp = top[0]!;
  const moov = childrenOf(bytes, findOne(top, 'moov', true));
  if (findOne(moov, 'mvex')) fail('fragmented movie');
  const mvhd = withoutTimes(bytes, findOne(moov, 'mvhd', true));
  const tracks: KeptTrack[] = [];
  let chunkCount = 0;
  for (const trak of findAll(moov, 'trak')) {
    const track = readTrack(bytes, trak);
    if (!track) continue;
    chunkCount += track.chunks.length;
    if (chunkCount > MAX_CHUNKS) fail('too many chunks');
    tracks.push(track);
  }
  if (!tracks.some((t) => t.handler === 'vide')) fail('no video track');
  const keptIds = new Set(tracks.map((t) => t.id));
  if (keptIds.size !== tracks.length) fail('duplicate track id');

  // The new mdat: every kept chunk, in the order it had in the file (so audio and video stay interleaved).
  const mdats = findAll(top, 'mdat');
  const chunks = tracks.flatMap((t) => t.chunks).sort((a, b) => a.offset - b.offset);
  const newPlace = new Map<Chunk, number>();
  let cursor = 0;
  let previousEnd = 0;
  let m = 0; // mdats are in file order, like the sorted chunks: one pass over both
  for (const chunk of chunks) {
    if (chunk.offset < previousEnd) fail('chunks overlap');
    const end = chunk.offset + chunk.size;
    while (m < mdats.length && mdats[m]!.end < end) m++;
    const mdat = mdats[m];
    if (!mdat || chunk.offset < mdat.payload) fail('chunk outside mdat');
    newPlace.set(chunk, cursor);
    cursor += chunk.size;
    previousEnd = end;
  }

  const buildMoov = (dataStart: number): Buffer =>
    makeBox(
      'moov',
      mvhd,
      ...tracks.map((t) =>
        // A reference to a dropped track (a chapter or metadata track) would dangle: it goes too.
        t.build(
          (chunk) => dataStart + newPlace.get(chunk)!,
          t.references.every((id) => keptIds.has(id)),
        ),
      ),
    );
  const ftypBytes = raw(bytes, ftyp);
  // stco entries have a fixed width, so the moov's size does not depend on the offsets written in it.
  const moovSize = buildMoov(0).length;
  const moovBytes = buildMoov(ftypBytes.length + moovSize + 8);
  const mdatHead = Buffer.alloc(8);
  if (cursor + 8 > 0xffffffff) fail('mdat beyond 4 GB');
  mdatHead.writeUInt32BE(cursor + 8, 0);
  mdatHead.write('mdat', 4, 'latin1');
  return Buffer.concat([
    ftypBytes,
    moovBytes,
    mdatHead,
    ...chunks.map((c) => bytes.subarray(c.offset, c.offset + c.size)),
  ]);
}
