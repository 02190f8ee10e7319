/**
 * `node bench/live.ts`: the live event streams (GET /api/eventos, decisions 0158-0161) under load. The
 * production server on PostgreSQL (BENCH_DATABASE_URL) with 500 escorts and 500 clients, each pair with an
 * accepted meeting; this process opens one stream per account (1,000 streams, cookie-authenticated as a
 * browser does), then:
 *
 *   1. idle: the server's RSS and CPU with no stream open; then the flow below with no stream open (the
 *      baseline: what the messages cost by themselves); then with the 1,000 streams open and silent
 *      (heartbeats only);
 *   2. load: 50 messages a second, each POST /api/citas/:id/mensajes by a client, for LIVE_SECONDS; the
 *      server's CPU and peak RSS, and for every message the time from the POST being sent to the 'mensaje'
 *      event arriving on the escort's stream (p50, p99, max), plus any message that never arrived.
 *
 * Writes the table into bench/RESULTS.md (section "Live events"). The client (this process) shares the
 * machine's 2 CPUs with the server, so the latencies include its own scheduling.
 *
 *   node bench/live.ts                      # 1,000 streams, 20 s idle, 30 s at 50 messages/s
 *   LIVE_STREAMS=200 LIVE_SECONDS=10 node bench/live.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import {
  adminUrl,
  cleanupOnSignal,
  dropDatabase,
  ensureBuilt,
  freshDatabase,
  insertSession,
  loadavg,
  machine,
  runId,
  seedClients,
  seedEscorts,
  sleep,
  startServer,
  stopAll,
  tmpDir,
  writeSection,
  type Server,
} from './lib.ts';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
const PAIRS = Math.ceil(STREAMS / 2);
const RATE = Number(process.env.LIVE_RATE ?? 50);
const LOAD_SECONDS = Number(process.env.LIVE_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.LIVE_IDLE_SECONDS ?? 20);
const DB_NAME = `encanto_bench_live_${runId}`;

/** CPU seconds (user + system) the process has used, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

/** CPU % of one core and peak RSS of `pid` over `seconds`, sampled every 250 ms. */
async function measure(
  pid: number,
  seconds: number,
  during: () => Promise<void> = () => sleep(seconds * 1000),
) {
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  await during();
  clearInterval(timer);
  const cpu = ((cpuSeconds(pid) - cpu0) / ((performance.now() - t0) / 1000)) * 100;
  return { cpu: Math.round(cpu * 10) / 10, rss: rssMb(pid), peak: Math.max(peak, rssMb(pid)) };
}

interface Stream {
  req: http.ClientRequest;
  opened: Promise<void>;
}

/** One event stream as a browser holds it: the session cookie, Accept: text/event-stream, its own socket. */
function openStream(url: string, token: string, onMessage: (texto: string) => void): Stream {
  let resolveOpen: () => void = () => {};
  let rejectOpen: (err: Error) => void = () => {};
  const opened = new Promise<void>((res, rej) => {
    resolveOpen = res;
    rejectOpen = rej;
  });
  const req = http.get(
    `${url}/api/eventos`,
    { headers: { accept: 'text/event-stream', cookie: `encanto_sesion=${token}` }, agent: false },
    (res) => {
      if (res.statusCode !== 200) return rejectOpen(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes('event: contador')) resolveOpen();
          if (!block.includes('event: mensaje')) continue;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) onMessage((JSON.parse(data.slice(6)) as { mensaje: { texto: string } }).mensaje.texto);
        }
      });
    },
  );
  req.on('error', (err) => rejectOpen(err));
  return { req, opened };
}

function post(url: string, path: string, token: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      `${url}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        agent: keepAlive,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 20 });

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function main() {
  ensureBuilt();
  cleanupOnSignal(() => dropDatabase(adminUrl, DB_NAME));
  const before = loadavg();
  const databaseUrl = await freshDatabase(adminUrl, DB_NAME);
  let server: Server | undefined;
  try {
    server = await startServer({ databaseUrl, dataDir: tmpDir('encanto-bench-live-') });
    const db = new pg.Client({ connectionString: databaseUrl });
    db.on('error', () => {});
    await db.connect();
    const clients: string[] = [];
    const escorts: string[] = [];
    const meetings: string[] = [];
    try {
      await seedEscorts(db, { from: 1, to: PAIRS, inCity: PAIRS, pendingInCity: 0 });
      await seedClients(db, { from: 1, to: PAIRS });
      const rows = await db.query(
        `insert into meetings (client_id, escort_id, status, fecha_hora, duracion_min, lugar, acceso, click, accepted_at)
         select md5('client:' || i)::uuid, md5('escort:' || i)::uuid, 'aceptada', now() + interval '2 days', 90,
           'hotel', true, true, now()
         from generate_series(1, ${PAIRS}) i returning id, client_id`,
      );
      const byClient = new Map(rows.rows.map((r) => [String(r.client_id), String(r.id)]));
      for (let i = 1; i <= PAIRS; i++) {
        const clientId = (await db.query(`select md5('client:' || $1::int)::uuid as id`, [i])).rows[0]!
          .id as string;
        meetings.push(byClient.get(clientId)!);
        clients.push(await insertSession(db, `md5('client:' || ${i})::uuid`));
        escorts.push(await insertSession(db, `md5('escort:' || ${i})::uuid`));
      }
    } finally {
      await db.end();
    }
    const sent = new Map<string, number>();
    const latencies: number[] = [];
    /**
     * RATE messages a second for LOAD_SECONDS, round-robin over the pairs, each POSTed by the client;
     * `tag` marks the texts so each phase waits only for its own.
     */
    const flow = async (url: string, tag: string) => {
      let n = 0;
      let failed = 0;
      const usage = await measure(server!.pid, LOAD_SECONDS, async () => {
        const total = RATE * LOAD_SECONDS;
        const start = performance.now();
        const posts: Promise<void>[] = [];
        for (; n < total; n++) {
          const due = start + (n * 1000) / RATE;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const pair = n % PAIRS;
          const texto = `bench ${tag} ${n} ${runId}`;
          if (tag === 'stream') sent.set(texto, performance.now());
          posts.push(
            post(url, `/api/citas/${meetings[pair]}/mensajes`, clients[pair]!, { texto }).then(
              (status) => {
                if (status !== 201) failed++;
              },
              () => {
                failed++;
              },
            ),
          );
        }
        await Promise.all(posts);
        await sleep(1000);
      });
      return { ...usage, n, failed };
    };
    await sleep(3000);
    const noStreams = await measure(server.pid, IDLE_SECONDS / 2);
    // The same flow with no stream open: what the messages cost by themselves (mail checks, SQL).
    const bare = await flow(server.url, 'bare');

    // Open the streams, 50 at a time, each escort's and each client's.
    const streams: Stream[] = [];
    const tokens = [...escorts, ...clients].slice(0, STREAMS);
    const openStart = performance.now();
    for (let i = 0; i < tokens.length; i += 50) {
      const batch = tokens.slice(i, i + 50).map((token, j) => {
        const isEscort = i + j < escorts.length;
        return openStream(server!.url, token, (texto) => {
          if (!isEscort) return;
          const t = sent.get(texto);
          if (t !== undefined) {
            latencies.push(performance.now() - t);
            sent.delete(texto);
          }
        });
      });
      streams.push(...batch);
      await Promise.all(batch.map((s) => s.opened));
    }
    const openSeconds = (performance.now() - openStart) / 1000;
    await sleep(2000);
    const idle = await measure(server.pid, IDLE_SECONDS);

    const withStreams = await flow(server.url, 'stream');
    const lost = sent.size;
    for (const s of streams) s.req.destroy();
    keepAlive.destroy();
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));
    const after = loadavg();
    const body = [
      `Command: \`node bench/live.ts\`. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}.`,
      `Load average before: ${before}; after: ${after}. Server: \`node apps/api/src/server.ts\`, NODE_ENV=production, PostgreSQL, no Redis (one instance), default live settings (5 streams per account, 25 s heartbeat). ${PAIRS} escorts and ${PAIRS} clients, one accepted meeting per pair; ${tokens.length} streams opened by this process (one socket each, cookie session) in ${openSeconds.toFixed(1)} s. CPU is % of one core from /proc (user + system).`,
      '',
      '| phase | streams | server CPU | server RSS | peak RSS |',
      '| ----- | ------- | ---------- | ---------- | -------- |',
      `| idle, no stream open (${IDLE_SECONDS / 2} s) | 0 | ${noStreams.cpu}% | ${noStreams.rss} MB | ${noStreams.peak} MB |`,
      `| ${RATE} messages/s (${LOAD_SECONDS} s, ${bare.n} messages), baseline | 0 | ${bare.cpu}% | ${bare.rss} MB | ${bare.peak} MB |`,
      `| idle, streams open (${IDLE_SECONDS} s) | ${tokens.length} | ${idle.cpu}% | ${idle.rss} MB | ${idle.peak} MB |`,
      `| ${RATE} messages/s (${LOAD_SECONDS} s, ${withStreams.n} messages) | ${tokens.length} | ${withStreams.cpu}% | ${withStreams.rss} MB | ${withStreams.peak} MB |`,
      '',
      `Send to arrival (POST sent → 'mensaje' on the escort's stream), ${latencies.length} messages: p50 ${ms(pct(sorted, 50))} ms, p99 ${ms(pct(sorted, 99))} ms, max ${ms(sorted.at(-1) ?? NaN)} ms. Not arrived: ${lost}; failed POSTs: ${bare.failed} (baseline), ${withStreams.failed} (with streams).`,
      `Memory per open stream: ${(((idle.rss - bare.rss) * 1024) / tokens.length).toFixed(1)} KB (RSS idle with the streams minus RSS after the baseline flow, over ${tokens.length}). Phases run in the order of the table, so the baseline flow also warms the server for the second one.`,
    ].join('\n');
    writeSection('bench:live', 'Live events: 1,000 open streams (node bench/live.ts)', body);
    console.log(body);
  } finally {
    await stopAll();
    await dropDatabase(adminUrl, DB_NAME);
  }
}

await main();
