import { createHash } from 'node:crypto';

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

/**
 * Serialised responses of hot public reads, kept for at most `ttlMs`. The short
 * TTL is what keeps every instance fresh within that time of any change;
 * `clear()` makes this instance fresh at once after its own writes.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 2000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** Computations under way, so concurrent misses of one key share a single query. */
  private pending = new Map<string, Promise<Entry>>();
  private generation = 0;

  getOrCompute(key: string, compute: () => Promise<unknown>): Promise<Entry> | Entry {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit;
    // Without this, every request arriving while an expired entry is being
    // recomputed ran the same query and serialisation again (50 at once at 50
    // connections, every 5 s).
    let pending = this.pending.get(key);
    if (!pending) {
      const started = this.pending;
      pending = this.compute(key, compute).finally(() => {
        if (started.get(key) === pending) started.delete(key);
      });
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async compute(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const generation = this.generation;
    const body = JSON.stringify(await compute());
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, expiresAt: Date.now() + this.ttlMs };
    // A clear() while this ran means a write may have landed after the read: answer, but do not keep it.
    if (generation !== this.generation) return entry;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    // Reads that started before the write must not be joined by requests made after it.
    this.pending = new Map();
  }
}
