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

  async getOrCompute(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    const body = JSON.stringify(await compute());
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, expiresAt: now + this.ttlMs };
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
