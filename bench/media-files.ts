/**
 * `node bench/media-files.ts`: stored photos served from disk (GET /media/…) by the production server,
 * against a baseline in the same run: @fastify/static's wildcard route over the same folder, the way
 * /media/ was served before decision 0197. That route reads each folder of the path on every request to
 * check the name's spelling, so its cost grows with the files of a shard folder; the server's own route
 * checks the key and opens the file.
 *
 * The media folder holds 256 shard folders and MEDIA_FILES photos (20 KB each) in the one requested;
 * 10 connections for MEDIA_SECONDS per run, server and baseline alternating twice. Writes the table into
 * bench/RESULTS.md (section "Media files from disk").
 *
 *   node bench/media-files.ts                     # 2,000 files in the shard, 5 s a run
 *   MEDIA_FILES=200 MEDIA_SECONDS=3 node bench/media-files.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cleanupOnSignal,
  freePort,
  loadavg,
  machine,
  nodeBin,
  root,
  startServer,
  stopAll,
  waitFor,
  writeSection,
} from './lib.ts';

const files = Number(process.env.MEDIA_FILES ?? 2000);
const seconds = Number(process.env.MEDIA_SECONDS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
const mediaDir = path.join(dataDir, 'media');
const name = (i: number) => `ab/${i.toString(16).padStart(16, '0')}-640.webp`;
for (let s = 0; s < 256; s++)
  fs.mkdirSync(path.join(mediaDir, s.toString(16).padStart(2, '0')), { recursive: true });
for (let i = 0; i < files; i++) fs.writeFileSync(path.join(mediaDir, name(i)), Buffer.alloc(20_000, i % 251));
const key = name(Math.floor(files / 2));

cleanupOnSignal();
const loadBefore = loadavg();
const server = await startServer({ dataDir });
const baselinePort = freePort();
// The baseline in a process of its own, as the server is, so neither shares a core with autocannon's loop.
const baseline = spawn(
  nodeBin,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     import fastifyStatic from '@fastify/static';
     const app = Fastify();
     await app.register(fastifyStatic, { root: ${JSON.stringify(mediaDir)}, prefix: '/media/', decorateReply: false, index: false });
     app.get('/api/health', async () => ({ ok: true }));
     await app.listen({ port: ${baselinePort}, host: '127.0.0.1' });`,
  ],
  { cwd: root, stdio: 'inherit' },
);
try {
  await waitFor(`http://127.0.0.1:${baselinePort}/api/health`, baseline, 30_000);
  const BASELINE = 'baseline (wildcard route)';
  const runs: { who: string; rps: number; p99: number; errors: number }[] = [];
  for (let round = 0; round < 2; round++) {
    for (const [who, base] of [
      [BASELINE, `http://127.0.0.1:${baselinePort}`],
      ['server', server.url],
    ] as const) {
      const r = await autocannon({ url: `${base}/media/${key}`, connections: 10, duration: seconds });
      runs.push({ who, rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors });
      console.log(`${who}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
    }
  }
  const of = (who: string) => runs.filter((r) => r.who === who);
  const meanRps = (who: string) => of(who).reduce((s, r) => s + r.rps, 0) / of(who).length;
  const rows = [BASELINE, 'server'].map((who) => {
    const mine = of(who);
    const errors = mine.reduce((s, r) => s + r.errors, 0);
    return `| ${who} | ${mine.map((r) => Math.round(r.rps)).join(', ')} | ${mine.map((r) => r.p99).join(', ')} | ${errors} |`;
  });
  const ratio = meanRps('server') / meanRps(BASELINE);
  const body = [
    `Command: \`node bench/media-files.ts\` (MEDIA_FILES=${files}, MEDIA_SECONDS=${seconds}). Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}. Load average before: ${loadBefore}; after: ${loadavg()}.`,
    '',
    `GET /media/${key}, 20 KB, ${files.toLocaleString('en')} files in its shard folder and 255 empty shards beside it; 10 connections, ${seconds} s a run, alternating.`,
    '',
    '| served by | requests/s per run | p99 ms per run | non-2xx or errors |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `The server answers ${ratio.toFixed(1)} times the baseline's requests a second.`,
  ].join('\n');
  writeSection('media-files', 'Media files from disk (node bench/media-files.ts)', body);
  console.log(body);
} finally {
  baseline.kill('SIGTERM');
  await stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
