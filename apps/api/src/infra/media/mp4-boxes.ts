/**
 * Reading and writing ISO base-media boxes on a Buffer. Every read is checked
 * against the end of the box it belongs to (not just the end of the file), so a
 * hostile size field can only make the walk fail, never read a neighbour.
 */

/** Thrown for bytes that do not form the structure a box claims; the caller turns it into a 415. */
export class Mp4FormatError extends Error {}

export interface Mp4Box {
  /** Four characters, latin1 (`©xyz` keeps its 0xA9 byte). */
  type: string;
  start: number;
  /** First byte after the header (size, type, large size, uuid). */
  payload: number;
  end: number;
}

/** More boxes than any real movie has at one level: stops a walk over millions of empty boxes. */
const MAX_BOXES = 100_000;

export function fail(reason: string): never {
  throw new Mp4FormatError(reason);
}

/** The boxes that tile bytes [start, end) exactly. */
export function readBoxes(bytes: Buffer, start: number, end: number): Mp4Box[] {
  const boxes: Mp4Box[] = [];
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) fail('truncated box header');
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (end - offset < 16) fail('truncated large size');
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(end - offset)) fail('box larger than its parent');
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset; // "to the end": allowed for the last box of a level
    }
    if (type === 'uuid') header += 16;
    if (size < header || size > end - offset) fail(`bad size for ${type}`);
    boxes.push({ type, start: offset, payload: offset + header, end: offset + size });
    offset += size;
    if (boxes.length > MAX_BOXES) fail('too many boxes');
  }
  return boxes;
}

export const childrenOf = (bytes: Buffer, box: Mp4Box): Mp4Box[] => readBoxes(bytes, box.payload, box.end);

export const findAll = (boxes: Mp4Box[], type: string): Mp4Box[] => boxes.filter((b) => b.type === type);

/** The one child of a type; more than one is as malformed as none when `required`. */
export function findOne(boxes: Mp4Box[], type: string, required: true): Mp4Box;
export function findOne(boxes: Mp4Box[], type: string, required?: false): Mp4Box | undefined;
export function findOne(boxes: Mp4Box[], type: string, required = false): Mp4Box | undefined {
  const found = findAll(boxes, type);
  if (found.length > 1) fail(`more than one ${type}`);
  if (required && found.length === 0) fail(`missing ${type}`);
  return found[0];
}

/** Reads fixed-width big-endian fields inside one box, never past its end. */
export class BoxReader {
  readonly bytes: Buffer;
  readonly box: Mp4Box;
  pos: number;

  constructor(bytes: Buffer, box: Mp4Box, skip = 0) {
    this.bytes = bytes;
    this.box = box;
    this.pos = box.payload + skip;
  }

  remaining(): number {
    return this.box.end - this.pos;
  }

  private take(n: number): number {
    if (this.remaining() < n) fail(`truncated ${this.box.type}`);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.bytes[this.take(1)]!;
  }

  u16(): number {
    return this.bytes.readUInt16BE(this.take(2));
  }

  u32(): number {
    return this.bytes.readUInt32BE(this.take(4));
  }

  u64(): number {
    const value = this.bytes.readBigUInt64BE(this.take(8));
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) fail('offset out of range');
    return Number(value);
  }

  /** Version and flags of a full box. */
  fullHeader(): { version: number; flags: number } {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }

  /** A count of entries of `entrySize` bytes that must fit in what is left of the box. */
  count(entrySize: number): number {
    const n = this.u32();
    if (n * entrySize > this.remaining()) fail(`${this.box.type} claims more entries than it holds`);
    return n;
  }
}

/** A box with a 32-bit size (every box this rewriter writes is far below 4 GB). */
export function makeBox(type: string, ...payload: Buffer[]): Buffer {
  const size = 8 + payload.reduce((n, p) => n + p.length, 0);
  if (size > 0xffffffff) fail('box too large');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, ...payload]);
}

/** A box as it is in the file, header included. */
export const raw = (bytes: Buffer, box: Mp4Box): Buffer => bytes.subarray(box.start, box.end);
