/**
 * Loaded into the server with `--import` by `npm run bench -- --memory` (bench/memory.ts): writes where the
 * process's resident memory is to MEMORY_PROBE_FILE every MEMORY_PROBE_MS and on SIGWINCH. Bench-only, never
 * part of the app. The split: V8's heap (main thread), memory V8 knows of outside it (external, array
 * buffers), WebAssembly memories (PGlite's PostgreSQL: an anonymous mapping followed by its 8 GB guard
 * reservation), glibc malloc (the main heap and the per-thread arenas where libvips, argon2 and the render
 * thread allocate), and the mapped files (the node binary, shared libraries).
 */
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

interface Mapping {
  start: number;
  end: number;
  perms: string;
  name: string;
  rssKb: number;
}

function mappings(): Mapping[] {
  const out: Mapping[] = [];
  let current: Mapping | undefined;
  for (const line of fs.readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = {
        start: parseInt(head[1]!, 16),
        end: parseInt(head[2]!, 16),
        perms: head[3]!,
        name: head[4] ?? '',
        rssKb: 0,
      };
      out.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKb = Number(rss[1]);
  }
  return out;
}

/** Resident MB by kind of mapping. */
export function residentSplit(): Record<string, number> {
  const maps = mappings();
  const kb: Record<string, number> = { wasm: 0, mallocMain: 0, mallocArenas: 0, files: 0, otherAnon: 0 };
  for (const [i, m] of maps.entries()) {
    const next = maps[i + 1];
    const guard =
      next && next.start === m.end && next.perms.startsWith('---') && next.end - next.start > 4 * 2 ** 30;
    if (m.name === '[heap]') kb.mallocMain! += m.rssKb;
    else if (m.name.startsWith('/')) kb.files! += m.rssKb;
    // A WebAssembly memory: read-write, followed by V8's guard reservation of several GB.
    else if (guard && m.perms.startsWith('rw')) kb.wasm! += m.rssKb;
    // glibc's thread arenas are 64 MB-aligned heaps of at most 64 MB.
    else if (m.start % 2 ** 26 === 0 && m.end - m.start <= 2 ** 26 && m.perms.startsWith('rw'))
      kb.mallocArenas! += m.rssKb;
    else kb.otherAnon! += m.rssKb;
  }
  return Object.fromEntries(Object.entries(kb).map(([k, v]) => [k, Math.round(v / 1024)]));
}

function write(): void {
  const file = process.env.MEMORY_PROBE_FILE;
  if (!file) return;
  const m = process.memoryUsage();
  const sample = {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    threads: fs.readdirSync('/proc/self/task').length,
    ...residentSplit(),
  };
  fs.writeFileSync(file, JSON.stringify(sample));
}

// Render threads load the same --import: only the main thread reports (the split covers the whole process).
if (isMainThread && process.env.MEMORY_PROBE_FILE) {
  process.on('SIGWINCH', write);
  setInterval(write, Number(process.env.MEMORY_PROBE_MS ?? 1000)).unref();
}
