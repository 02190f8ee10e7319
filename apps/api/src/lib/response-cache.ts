import { hash } from 'node:crypto';
import type { Clock } from './clock.ts';

export interface Entry {
  body: string;
  /** The body encoded once: encoding a 17 KB string per request was 16% of a cached listing's CPU. */
  bytes: Buffer;
  status: number;
  etag: string;
  expiresAt: number;
}

interface Rendered {
  body: string;
  status: number;
}

/**
 * Serialised responses of hot public reads, kept for at most `ttlMs`. The short
 * TTL is what keeps every instance fresh within that time of any change;
 * `clear()` makes this instance fresh at once after its own writes.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  /** Encoded bytes of the kept entries (each is also held once as a string). */
  private bytes = 0;

  /**
   * `maxBytes`: pages rendered for distinct URLs (a unique query string per request, a crawler's walk)
   * filled up to 2,000 entries of 45 KB, string and Buffer, before a clear: a heap of 180 MB that every
   * young-generation collection walked (decision 0107). Past either bound the oldest entries go first.
   * `clock`: the app's, so a test crosses the lifetime by moving it.
   */
  constructor(clock: Clock, ttlMs: number, maxEntries = 2000, maxBytes = 16 * 2 ** 20) {
    this.clock = clock;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  /** Computations under way, so concurrent misses of one key share a single query. */
  private pending = new Map<string, Promise<Entry>>();
  private generation = 0;
  /** Lookups answered from memory, and the others (computed, or joined a computation): read by metrics. */
  hits = 0;
  misses = 0;

  /** A JSON answer: `compute` returns the value, stored serialised. */
  getOrCompute(key: string, compute: () => Promise<unknown>): Promise<Entry> | Entry {
    return this.getOrRender(key, async () => ({ body: JSON.stringify(await compute()), status: 200 }));
  }

  /** Any text answer with its status (server-rendered pages). */
  getOrRender(key: string, compute: () => Promise<Rendered>): Promise<Entry> | Entry {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.clock.now().getTime()) {
      this.hits++;
      return hit;
    }
    this.misses++;
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

  private async compute(key: string, compute: () => Promise<Rendered>): Promise<Entry> {
    const generation = this.generation;
    const { body, status } = await compute();
    const bytes = Buffer.from(body, 'utf8');
    const entry = {
      body,
      bytes,
      status,
      // The bytes, already encoded, in one call: hashing the string encoded it a second time.
      etag: `"${hash('sha1', bytes, 'base64url')}"`,
      expiresAt: this.clock.now().getTime() + this.ttlMs,
    };
    // A clear() while this ran means a write may have landed after the read: answer, but do not keep it.
    if (generation !== this.generation) return entry;
    this.drop(key);
    // Oldest first (a Map iterates in insertion order): expired or near it, the least likely to be read.
    for (const [old] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + entry.bytes.length <= this.maxBytes) break;
      this.drop(old);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes.length;
    return entry;
  }

  private drop(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.bytes.length;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    // Reads that started before the write must not be joined by requests made after it.
    this.pending = new Map();
  }
}
