import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tarballBlob } from '../../src/db/tarball-blob.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The loadDataDir option and its value (spelled in two parts so this file does not match itself). */
const option = new RegExp(['loadDataDir', String.raw`:\s*([^,}\n]+)`].join(''), 'g');

/** Every TypeScript file of the repository outside node_modules and builds. */
function sources(): string[] {
  const out: string[] = [];
  for (const top of ['apps', 'bench', 'e2e', 'packages', 'scripts']) {
    for (const file of fs.readdirSync(path.join(root, top), { recursive: true, encoding: 'utf8' })) {
      if (/(^|\/)(node_modules|dist)\//.test(file) || !/\.tsx?$/.test(file)) continue;
      out.push(path.join(top, file));
    }
  }
  return out;
}

describe('PGlite tarballs go through tarballBlob (decision 0189)', () => {
  it('hands over a whole buffer itself and copies a view out of a larger one', async () => {
    const whole = new Uint8Array([1, 2, 3, 4]);
    const blob = tarballBlob(whole);
    expect(blob.size).toBe(4);
    expect(await blob.arrayBuffer()).toBe(whole.buffer);

    const view = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4);
    const copied = await tarballBlob(view).arrayBuffer();
    expect(copied).not.toBe(view.buffer);
    expect([...new Uint8Array(copied)]).toEqual([1, 2, 3]);

    // A Buffer inside a larger allocation (Buffer.concat of small parts, Node's pool).
    const pooled = Buffer.concat([Buffer.from([7, 8]), Buffer.from([9])]);
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    const fromBuffer = await tarballBlob(pooled).arrayBuffer();
    expect(fromBuffer.byteLength).toBe(3);
    expect([...new Uint8Array(fromBuffer)]).toEqual([7, 8, 9]);
  });

  // openDatabase takes the bytes (its loadDataDir is a Uint8Array, so the type checker holds its callers);
  // a file that calls PGlite.create itself passes tarballBlob(...).
  it('every loadDataDir given to PGlite is a tarballBlob, never a Blob Node copies', () => {
    const offenders = sources().flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const direct = text.includes('PGlite.create(');
      return [...text.matchAll(option)]
        .map((m) => m[1]!.trim())
        .filter((value) => /\bBlob\(/.test(value) || (direct && !value.startsWith('tarballBlob(')))
        .map((value) => `${file}: ${value}`);
    });
    expect(offenders).toEqual([]);
  });
});
