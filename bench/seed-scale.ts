/**
 * Fills a bench database (already holding the known set of bench/run.ts:
 * escorts 1..1,200, clients 1..1,000) up to 100,000 escorts, 50,000 clients,
 * 1,000,000 comments and 1,000,000 ratings, with set-based INSERT … SELECT over
 * generate_series (no row-by-row round trips). Ids are md5-derived UUIDs, so
 * comments and ratings compute their foreign keys instead of joining.
 *
 *   node bench/seed-scale.ts postgres://postgres@127.0.0.1:5432/encanto_scale_x
 *
 * The server must have migrated the database first (bench/scale.ts does it).
 * Foreign-key triggers are skipped for the bulk load (session_replication_role
 * = replica, superuser only): every key is generated from existing ids.
 */
import pg from 'pg';
import { seedClients, seedEscorts, type Sql } from './lib.ts';

export interface ScaleSize {
  escorts: number;
  clients: number;
  comments: number;
  ratings: number;
}

export const fullScale: ScaleSize = {
  escorts: 100_000,
  clients: 50_000,
  comments: 1_000_000,
  ratings: 1_000_000,
};
const BATCH = 250_000;

async function timed(label: string, work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  const s = (performance.now() - t) / 1000;
  console.log(`  ${label}: ${s.toFixed(1)} s`);
  return s;
}

/** Adds rows beyond the known set up to `size`; returns the seconds each step took. */
export async function seedScale(db: Sql, size: ScaleSize = fullScale): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  await db.query(`set session_replication_role = replica`);
  took.escorts = await timed(`escorts 1,201..${size.escorts}`, () =>
    seedEscorts(db, { from: 1201, to: size.escorts, inCity: 50, pendingInCity: 200 }),
  );
  took.clients = await timed(`clients 1,001..${size.clients}`, () =>
    seedClients(db, { from: 1001, to: size.clients }),
  );
  // Comment k: escort 1 + k mod E on day k div E (so (client, escort, fecha) is unique), client spread by a prime.
  took.comments = await timed(`${size.comments} comments`, async () => {
    for (let from = 0; from < size.comments; from += BATCH) {
      const to = Math.min(size.comments, from + BATCH) - 1;
      await db.query(
        `insert into comments (escort_id, client_id, nick_cliente, fecha, comentario, likes, created_at)
         select md5('escort:' || (1 + k % ${size.escorts}))::uuid, md5('client:' || (1 + (k::bigint * 7919) % ${size.clients}))::uuid,
           'cli' || lpad((1 + (k::bigint * 7919) % ${size.clients})::text, 6, '0'), date '2025-01-01' + (k / ${size.escorts})::int,
           'Comentario de prueba de carga número ' || k, (k % 4), now() - k * interval '1 second'
         from generate_series(${from}, ${to}) k`,
      );
    }
  });
  took.ratings = await timed(`${size.ratings} ratings`, async () => {
    for (let from = 0; from < size.ratings; from += BATCH) {
      const to = Math.min(size.ratings, from + BATCH) - 1;
      await db.query(
        `insert into escort_ratings (escort_id, rater_id, calificador, nota1, nota2, nota3, nota4, nota5, created_at)
         select md5('escort:' || (1 + k % ${size.escorts}))::uuid, md5('client:' || (1 + (k::bigint * 104729) % ${size.clients}))::uuid,
           'cli' || lpad((1 + (k::bigint * 104729) % ${size.clients})::text, 6, '0'),
           1 + k % 10, 1 + (k / 3) % 10, 1 + (k / 7) % 10, 1 + (k / 11) % 10, 1 + (k / 13) % 10, now() - k * interval '1 second'
         from generate_series(${from}, ${to}) k`,
      );
    }
  });
  // Enough sessions, favourites and meetings that their plans are those of a used site, not of empty tables.
  took.other = await timed(
    `${size.clients} sessions, ${size.clients * 4} favourites, ${size.clients * 4} meetings`,
    async () => {
      await db.query(
        `insert into sessions (account_id, token_hash, expires_at)
       select md5('client:' || i)::uuid, md5('session:' || i), now() + interval '7 days' from generate_series(1, ${size.clients}) i`,
      );
      await db.query(
        `insert into favorites (client_id, escort_id, created_at)
       select md5('client:' || (1 + k % ${size.clients}))::uuid, md5('escort:' || (1 + (k::bigint * 13) % ${size.escorts}))::uuid,
         now() - k * interval '1 second'
       from generate_series(0, ${size.clients * 4 - 1}) k
       on conflict do nothing`,
      );
      // Pending only for the first E pairs, which are distinct; the rest are closed history.
      await db.query(
        `insert into meetings (client_id, escort_id, status, created_at, updated_at)
       select md5('client:' || (1 + k % ${size.clients}))::uuid, md5('escort:' || (1 + (k::bigint * 31) % ${size.escorts}))::uuid,
         case when k < ${Math.min(size.escorts, size.clients * 2)} then 'pendiente' else 'cerrada' end,
         now() - k * interval '1 second', now()
       from generate_series(0, ${size.clients * 4 - 1}) k`,
      );
    },
  );
  // The running sums the app keeps per rating, rebuilt once from the rows.
  took.totals = await timed('rating_totals from a recount', () =>
    db.query(
      `insert into rating_totals (account_id, count, sum1, sum2, sum3, sum4, sum5)
       select escort_id, count(*), sum(nota1), sum(nota2), sum(nota3), sum(nota4), sum(nota5) from escort_ratings group by escort_id
       on conflict (account_id) do update set count = excluded.count, sum1 = excluded.sum1, sum2 = excluded.sum2,
         sum3 = excluded.sum3, sum4 = excluded.sum4, sum5 = excluded.sum5`,
    ),
  );
  await db.query(`set session_replication_role = origin`);
  took.analyze = await timed('vacuum analyze', () => db.query('vacuum analyze'));
  return took;
}

if (import.meta.main) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: node bench/seed-scale.ts <postgres url of a migrated bench database>');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t = performance.now();
    await seedScale(c);
    console.log(`total ${((performance.now() - t) / 1000).toFixed(0)} s`);
  } finally {
    await c.end();
  }
}
