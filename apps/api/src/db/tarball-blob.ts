/**
 * A PGlite data-directory tarball already in memory, as the Blob that PGlite's `loadDataDir` takes.
 *
 * Node's own Blob copies the bytes in and reads them back out in small chunks: for the tests' 43 MB
 * template that cost about 2 CPU-seconds per test file on CI's 2-core machine, against half a second
 * for the rest of opening the copy (decision 0189). PGlite reads the Blob once, with `arrayBuffer()`, and
 * untars it into its own file system without writing to it, so this Blob hands over the bytes themselves.
 * `loadDataDir` is given nothing else (apps/api/test/unit/tarball-blob.test.ts fails on a `new Blob(...)` there).
 */
export function tarballBlob(bytes: Uint8Array): Blob {
  return new TarballBlob(bytes);
}

class TarballBlob extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#bytes;
    const whole =
      b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer;
    // A view into a larger buffer is copied out (with the Uint8Array constructor: a Buffer's own slice()
    // is another view of the same memory); a whole one is not.
    return Promise.resolve(whole ? (b.buffer as ArrayBuffer) : new Uint8Array(b).buffer);
  }
}
