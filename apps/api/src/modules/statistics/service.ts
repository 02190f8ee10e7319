import { createHmac, randomBytes } from 'node:crypto';
import { chileDateTime } from '@encanto/core/chile-time';
import type { StatsDay } from '@encanto/core/statistics';
import type { DbOrTx } from '../../db/client.ts';
import { addToDay, daysSince, type Counter } from './queries.ts';

/** The Chile calendar day of an instant, as YYYY-MM-DD (the counters' key). */
export const chileDay = (at: Date) => chileDateTime(at).date;

/** YYYY-MM-DD `n` days before `day` (calendar arithmetic in UTC, where dates have no offset). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/**
 * A favourite added or a meeting requested: counted in the transaction of the
 * event itself, so a rolled-back request is not counted.
 */
export async function countEvent(
  db: DbOrTx,
  escortId: string,
  counter: Exclude<Counter, BatchedCounter>,
  at: Date,
): Promise<void> {
  await addToDay(db, escortId, chileDay(at), counter, 1);
}

/** The counters bumped by anonymous traffic, written in batches. */
export type BatchedCounter = 'views' | 'whatsappClicks';

/** Visitor keys kept for the once-a-day rule; past this the oldest half is forgotten. */
const SEEN_MAX = 200_000;

/**
 * Who is counting, for the once-a-day rule and nothing else: the account when signed in, otherwise
 * a keyed hash of the address and browser. The key is made at start and lives only in memory, so
 * the value cannot be traced back to an address and dies with the process.
 */
const visitorSecret = randomBytes(32);
export function visitorKey(account: { id: string } | null, ip: string, userAgent = ''): string {
  if (account) return `a:${account.id}`;
  return `v:${createHmac('sha256', visitorSecret).update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Card views and WhatsApp taps, batched: one only adds to a map in memory, and
 * the map is written every few seconds as one upsert per escort, day and
 * counter, so counting never slows the cached card or the redirect to
 * WhatsApp. A crash loses at most the last few seconds. Each visitor counts
 * once a day per escort and counter, so a script reloading a card cannot
 * inflate her figures (per server process: behind several instances a visitor
 * may count once on each).
 */
export class ViewCounter {
  private pending = new Map<string, number>();
  /** Visitor x escort x day x counter already counted: reloading a card, or tapping again, adds nothing. */
  private seen = new Set<string>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  /** Counts one view or tap, once per visitor (visitorKey), escort and Chile day. */
  add(escortId: string, at: Date, counter: BatchedCounter, visitor: string): void {
    const key = `${escortId}|${chileDay(at)}|${counter}`;
    const once = `${visitor}|${key}`;
    if (this.seen.has(once)) return;
    if (this.seen.size >= SEEN_MAX) {
      let drop = SEEN_MAX / 2;
      for (const old of this.seen) {
        this.seen.delete(old);
        if (--drop === 0) break;
      }
    }
    this.seen.add(once);
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Writes what has accumulated; flushes run one after the other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      this.pending = new Map();
      for (const [key, n] of batch) {
        const [escortId, day, counter] = key.split('|') as [string, string, BatchedCounter];
        await addToDay(this.db, escortId, day, counter, n);
      }
    });
    return this.flushing;
  }
}

/** Well-known crawlers and link previewers: their visits are not people looking at her card. */
const BOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|headless|lighthouse|curl|wget|python|java\/|go-http/i;
export const isBot = (userAgent: string | undefined) => !userAgent || BOT.test(userAgent);

/** A browser fetching ahead of a click (speculation rules, link prefetch): nobody asked for it yet. */
export const isPrefetch = (headers: Record<string, string | string[] | undefined>) =>
  /prefetch|prerender/i.test(
    `${headers['sec-purpose'] ?? ''}${headers.purpose ?? ''}${headers['x-moz'] ?? ''}`,
  );

/**
 * The last `dias` Chile days up to today, one entry per day (zeros where
 * nothing happened), oldest first.
 */
export async function dailyStats(db: DbOrTx, escortId: string, dias: number, now: Date): Promise<StatsDay[]> {
  const today = chileDay(now);
  const since = daysBefore(today, dias - 1);
  const rows = new Map((await daysSince(db, escortId, since)).map((r) => [r.day, r]));
  return Array.from({ length: dias }, (_, i) => {
    const fecha = daysBefore(today, dias - 1 - i);
    const r = rows.get(fecha);
    return {
      fecha,
      vistas: r?.views ?? 0,
      clics_whatsapp: r?.whatsappClicks ?? 0,
      favoritos: r?.favorites ?? 0,
      solicitudes: r?.requests ?? 0,
    };
  });
}
