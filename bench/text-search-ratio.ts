/**
 * The text search's growth from 100,000 to 1,000,000 profiles measured side by side (decision 0196):
 * the two databases bench/text-search.ts kept (TEXT_KEEP) are searched in turn, round after round, so
 * both sizes meet the same stretch of a shared machine; one size after the other, minutes apart, the
 * same size's p99 moved by half. Each round runs every search with 10 concurrent workers on each
 * database; the p50 and p99 are of all the rounds' searches together, and the ratio is the larger
 * database's p99 over the smaller's.
 *
 *   TEXT_SMALL=bench_text_100k TEXT_LARGE=bench_text_1m node bench/text-search-ratio.ts
 *
 * TEXT_ROUNDS (5) rounds of TEXT_REQUESTS (20) searches a worker. Writes the section
 * "text-search-ratio" of bench/RESULTS.md.
 */
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { adminUrl, loadavg, machine, withDb, writeSection } from './lib.ts';
import { pct, searches, searchTimes, workers } from './text-searches.ts';

const names = {
  small: process.env.TEXT_SMALL ?? 'bench_text_100k',
  large: process.env.TEXT_LARGE ?? 'bench_text_1m',
};
const rounds = Number(process.env.TEXT_ROUNDS ?? 5);
const perWorker = Number(process.env.TEXT_REQUESTS ?? 20);

const loadStart = loadavg();
const open = (name: string) => openDatabase({ databaseUrl: withDb(adminUrl, name), migrate: false });
const dbs: Record<'small' | 'large', Database> = {
  small: await open(names.small),
  large: await open(names.large),
};
try {
  const times = searches.map(() => ({ small: [] as number[], large: [] as number[] }));
  // A warm-up of each search on each database, not counted.
  for (const { query } of searches) {
    for (const size of ['small', 'large'] as const) await searchTimes(dbs[size].db, query, 2);
  }
  for (let round = 0; round < rounds; round++) {
    for (const [i, { query }] of searches.entries()) {
      for (const size of round % 2 ? (['large', 'small'] as const) : (['small', 'large'] as const)) {
        times[i]![size].push(...(await searchTimes(dbs[size].db, query, perWorker)));
      }
    }
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: pct(sorted, 0.5), p99: pct(sorted, 0.99) };
  };
  const rows = searches.map(({ label, query }, i) => {
    const small = stats(times[i]!.small);
    const large = stats(times[i]!.large);
    const cells = [small.p50, small.p99, large.p50, large.p99].map((x) => x.toFixed(1));
    return `| ${label} | \`${decodeURIComponent(query)}\` | ${cells.join(' | ')} | ${(large.p99 / small.p99).toFixed(2)} |`;
  });
  for (const row of rows) console.log(row);
  writeSection(
    'text-search-ratio',
    'Text search, 100,000 and 1,000,000 side by side',
    [
      `Command: \`TEXT_SMALL=${names.small} TEXT_LARGE=${names.large} node bench/text-search-ratio.ts\`. ${machine()}; load average at the start ${loadStart}, at the end ${loadavg()}.`,
      '',
      `${rounds} rounds; in each, every search on both databases in turn (the order of the two alternating by round), ${workers} concurrent workers x ${perWorker} searches through searchEscorts (pool of ${dbs.small.poolStats().max}). Milliseconds over all rounds; the ratio is the p99 at ${names.large} over the p99 at ${names.small}.`,
      '',
      `| search | query | ${names.small} p50 | p99 | ${names.large} p50 | p99 | p99 ratio |`,
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
} finally {
  await dbs.small.close();
  await dbs.large.close();
}
