/**
 * How a search is timed through the app's own searchEscorts (10 concurrent workers), shared by
 * bench/discovery.ts and bench/text-search.ts, and the text-search bench's searches, shared by
 * bench/text-search.ts (one size) and bench/text-search-ratio.ts (two sizes side by side).
 */
import type { Db } from '../apps/api/src/db/client.ts';
import { searchEscorts } from '../apps/api/src/modules/directory/search.ts';
import { escortSearchQuerySchema } from '@encanto/core/search';

/** Concurrent searches, as the issue asks. */
export const workers = 10;

/** The four: a name prefix, a comuna name, a service word, a word plus two filters. */
export const searches: { label: string; query: string }[] = [
  { label: 'name prefix', query: 'q=vale' },
  { label: 'comuna name', query: 'q=providencia' },
  { label: 'service word', query: 'q=masaje' },
  { label: 'word + two filters', query: 'q=ingles&region=metropolitana-de-santiago&genero=Femenino' },
  // Beside them, for the record: a whole name, a broad word (a region's), a name and a comuna.
  { label: 'whole name', query: 'q=bárbara' },
  { label: 'broad word', query: 'q=santiago' },
  { label: 'name + comuna', query: 'q=valeria%20%C3%B1u%C3%B1oa' },
];

export const parse = (q: string) => escortSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));

export const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Every search's milliseconds, `workers` at a time, each worker `rounds` in a row. */
export async function searchTimes(db: Db, query: string, rounds: number): Promise<number[]> {
  const input = parse(query);
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        await searchEscorts(db, input, new Date());
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

export async function timeSearch(db: Db, query: string, rounds: number) {
  const times = (await searchTimes(db, query, rounds)).sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99) };
}
