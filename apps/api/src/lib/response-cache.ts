import { createHash } from 'node:crypto';

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
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 2000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
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

  /**
   * Any text answer with its status (server-rendered pages). `admitOnRepeat`: keep the answer only
   * when its key was already asked within the TTL. A page asked once (a unique query string, a
   * crawler's walk over every card) would never be read back before it expires, yet kept it grew the
   * heap by 45 KB a render and made every young-generation collection copy it (issue 22).
   */
  getOrRender(
    key: string,
    compute: () => Promise<Rendered>,
    options: { admitOnRepeat?: boolean } = {},
  ): Promise<Entry> | Entry {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) {
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
      pending = this.compute(key, compute, options.admitOnRepeat === true && !this.seenBefore(key)).finally(
        () => {
          if (started.get(key) === pending) started.delete(key);
        },
      );
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Keys asked once, with when that first ask stops counting: the doorkeeper of `admitOnRepeat`. */
  private seen = new Map<string, number>();

  /** Whether `key` was asked within the TTL; remembers this ask otherwise. */
  private seenBefore(key: string): boolean {
    const now = Date.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return true;
    // Keys alone (no bodies): a few hundred KB at most before it starts over.
    if (this.seen.size >= this.maxEntries * 5) this.seen.clear();
    this.seen.set(key, now + this.ttlMs);
    return false;
  }

  private async compute(key: string, compute: () => Promise<Rendered>, once = false): Promise<Entry> {
    const generation = this.generation;
    const { body, status } = await compute();
    const entry = {
      body,
      bytes: Buffer.from(body, 'utf8'),
      status,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      expiresAt: Date.now() + this.ttlMs,
    };
    // A clear() while this ran means a write may have landed after the read: answer, but do not keep it.
    if (once || generation !== this.generation) return entry;
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
