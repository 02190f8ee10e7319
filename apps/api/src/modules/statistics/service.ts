import { createHmac, randomBytes } from 'node:crypto';
import { todayInChile } from '@encanto/core/chile-time';
import type { StatsDay } from '@encanto/core/statistics';
import type { DbOrTx } from '../../db/client.ts';
import { networkOf } from '../../lib/network.ts';
import { addToDay, daysSince, type Counter } from './queries.ts';

/** YYYY-MM-DD `n` days before `day` (calendar arithmetic in UTC, where dates have no offset). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/**
 * A favourite added or a meeting requested: counted in the transaction of the
 * event itself, so a rolled-back request is not counted. Counters are kept per
 * calendar day in Chile.
 */
export async function countEvent(
  db: DbOrTx,
  escortId: string,
  counter: Exclude<Counter, BatchedCounter>,
  at: Date,
): Promise<void> {
  await addToDay(db, escortId, todayInChile(at), counter, 1);
}

/** The counters bumped by anonymous traffic, written in batches. */
export type BatchedCounter = 'views' | 'whatsappClicks';

/** Visitor keys (and address counts) kept for the once-a-day rules; past this the oldest half is forgotten. */
const SEEN_MAX = 200_000;

/**
 * How many different visitors one address (an IPv4 address, or an IPv6 /64) may add to one
 * escort's views, and to her WhatsApp taps, in one Chile day. A visitor is an address and a
 * browser, so without a cap a script changing its User-Agent counted anew on every request. It is
 * not 1 because an address is not one person: a home's Wi-Fi, an office, and above all Chilean
 * mobile carriers put many phones behind one public address (CGNAT); that more than three of them
 * open the same card on the same day is rare, so a genuine count rarely loses a view, while
 * a forger gains at most three a day from each address used.
 */
export const VISITORS_PER_ADDRESS = 3;

/** Who is counting: the once-a-day key, and the address's key for the per-address cap. */
export interface Visitor {
  key: string;
  network: string;
}

/**
 * Who is counting, for the once-a-day rules and nothing else: the account when signed in,
 * otherwise a keyed hash of the address and browser; and a keyed hash of the address's network
 * (networkOf: the /64 of an IPv6 address) for the per-address cap. The key is made at start and
 * lives only in memory, so neither value can be traced back to an address, and both die with the
 * process.
 */
const visitorSecret = randomBytes(32);
const keyed = (text: string) =>
  createHmac('sha256', visitorSecret).update(text).digest('base64url').slice(0, 22);

export function visitorOf(account: { id: string } | null, ip: string, userAgent = ''): Visitor {
  return {
    key: account ? `a:${account.id}` : `v:${keyed(`${ip}\n${userAgent}`)}`,
    network: `n:${keyed(`network\n${networkOf(ip)}`)}`,
  };
}

/** Forgets the oldest half of a full set or map of the counter's memory. */
function makeRoom(seen: Set<string> | Map<string, number>): void {
  if (seen.size < SEEN_MAX) return;
  let drop = SEEN_MAX / 2;
  for (const old of seen.keys()) {
    seen.delete(old);
    if (--drop === 0) break;
  }
}

/**
 * Card views and WhatsApp taps, batched: one only adds to a map in memory, and
 * the map is written every few seconds as one upsert per escort, day and
 * counter, so counting never slows the cached card or the redirect to
 * WhatsApp. A crash loses at most the last few seconds. Each visitor counts
 * once a day per escort and counter, and one address at most
 * VISITORS_PER_ADDRESS visitors, so a script reloading a card, or reloading it
 * under ever new browser names, cannot inflate her figures (per server process:
 * behind several instances a visitor may count once on each).
 */
export class ViewCounter {
  private pending = new Map<string, number>();
  /** Visitor x escort x day x counter already counted: reloading a card, or tapping again, adds nothing. */
  private seen = new Set<string>();
  /** Address x escort x day x counter: how many visitors that address has added. */
  private perNetwork = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  /** Counts one view or tap, once per visitor (visitorOf), escort and Chile day, and a few per address. */
  add(escortId: string, at: Date, counter: BatchedCounter, visitor: Visitor): void {
    const key = `${escortId}|${todayInChile(at)}|${counter}`;
    const once = `${visitor.key}|${key}`;
    if (this.seen.has(once)) return;
    const fromNetwork = `${visitor.network}|${key}`;
    const added = this.perNetwork.get(fromNetwork) ?? 0;
    if (added >= VISITORS_PER_ADDRESS) return;
    makeRoom(this.seen);
    makeRoom(this.perNetwork);
    this.seen.add(once);
    this.perNetwork.set(fromNetwork, added + 1);
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
  const today = todayInChile(now);
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
