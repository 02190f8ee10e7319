import { BoxReader, fail, findOne, type Mp4Box } from './mp4-boxes.ts';

/** A run of samples stored together; `offset` is absolute in the uploaded file. */
export interface Chunk {
  offset: number;
  size: number;
}

/** Sample sizes from stsz (one size for all, or a table) or stz2 (4-, 8- or 16-bit table). */
interface SampleSizes {
  count: number;
  /** Total bytes of samples [first, first + n); never loops per sample when the size is constant. */
  sum(first: number, n: number): number;
}

function sampleSizes(bytes: Buffer, stbl: Mp4Box[]): SampleSizes {
  const stsz = findOne(stbl, 'stsz');
  const stz2 = findOne(stbl, 'stz2');
  if (stsz && stz2) fail('both stsz and stz2');
  if (stsz) {
    const r = new BoxReader(bytes, stsz);
    r.fullHeader();
    const constant = r.u32();
    if (constant !== 0) {
      const count = r.u32();
      return { count, sum: (_first, n) => n * constant };
    }
    const count = r.count(4);
    const table = r.pos;
    return {
      count,
      sum(first, n) {
        let total = 0;
        for (let i = first; i < first + n; i++) total += bytes.readUInt32BE(table + i * 4);
        return total;
      },
    };
  }
  if (!stz2) fail('missing stsz');
  const r = new BoxReader(bytes, stz2);
  r.fullHeader();
  const fieldBits = r.u32() & 0xff;
  if (fieldBits !== 4 && fieldBits !== 8 && fieldBits !== 16) fail('bad stz2 field size');
  const count = r.u32();
  if (Math.ceil((count * fieldBits) / 8) > r.remaining()) fail('stz2 claims more entries than it holds');
  const table = r.pos;
  const size = (i: number): number => {
    if (fieldBits === 16) return bytes.readUInt16BE(table + i * 2);
    if (fieldBits === 8) return bytes[table + i]!;
    const byte = bytes[table + (i >> 1)]!;
    return i % 2 === 0 ? byte >> 4 : byte & 0x0f;
  };
  return {
    count,
    sum(first, n) {
      let total = 0;
      for (let i = first; i < first + n; i++) total += size(i);
      return total;
    },
  };
}

function chunkOffsets(bytes: Buffer, stbl: Mp4Box[]): number[] {
  const stco = findOne(stbl, 'stco');
  const co64 = findOne(stbl, 'co64');
  if (stco && co64) fail('both stco and co64');
  const box = stco ?? co64 ?? fail('missing stco');
  const r = new BoxReader(bytes, box);
  r.fullHeader();
  const wide = box.type === 'co64';
  const n = r.count(wide ? 8 : 4);
  const offsets = new Array<number>(n);
  for (let i = 0; i < n; i++) offsets[i] = wide ? r.u64() : r.u32();
  return offsets;
}

/** stsc as runs: from chunk `first` (1-based) on, `perChunk` samples in each chunk. */
function sampleToChunk(bytes: Buffer, stbl: Mp4Box[]): { first: number; perChunk: number }[] {
  const r = new BoxReader(bytes, findOne(stbl, 'stsc', true));
  r.fullHeader();
  const n = r.count(12);
  const runs: { first: number; perChunk: number }[] = [];
  for (let i = 0; i < n; i++) {
    const first = r.u32();
    const perChunk = r.u32();
    r.u32(); // sample description index: the stsd is kept as it is
    const previous = runs.at(-1);
    if (previous ? first <= previous.first : first !== 1) fail('stsc runs out of order');
    runs.push({ first, perChunk });
  }
  return runs;
}

/**
 * Where each chunk of a track lies and how long it is (the sum of its samples'
 * sizes). The sample table must account for every chunk and every sample
 * exactly, or the track is not one this rewriter can move safely.
 */
export function trackChunks(bytes: Buffer, stbl: Mp4Box[]): Chunk[] {
  const offsets = chunkOffsets(bytes, stbl);
  const sizes = sampleSizes(bytes, stbl);
  const runs = sampleToChunk(bytes, stbl);
  const chunks: Chunk[] = [];
  let sample = 0;
  runs.forEach((run, i) => {
    const last = Math.min((runs[i + 1]?.first ?? offsets.length + 1) - 1, offsets.length);
    for (let c = run.first; c <= last; c++) {
      if (sample + run.perChunk > sizes.count) fail('stsc names more samples than stsz');
      chunks.push({ offset: offsets[c - 1]!, size: sizes.sum(sample, run.perChunk) });
      sample += run.perChunk;
    }
  });
  if (chunks.length !== offsets.length || sample !== sizes.count) fail('sample table does not add up');
  return chunks;
}
