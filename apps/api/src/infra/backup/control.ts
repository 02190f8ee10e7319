import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/client.ts';

/**
 * The embedded database admits one process, so whoever opens DATA_DIR/pglite
 * (the server, or a backup or restore while no server runs) first claims it
 * by listening on DATA_DIR/control.sock (mode 0600: only the owner of the
 * data may connect). A second claimant finds the socket answering and stops
 * instead of corrupting the data; a stale socket left by a killed process
 * refuses connections and is replaced. The server also answers `dump` on it:
 * that is how `npm run backup` takes a consistent copy without stopping it.
 */
export interface PgliteClaim {
  serve(database: Database): void;
  release(): Promise<void>;
}

const gzip = promisify(zlib.gzip);

export const controlSocket = (dataDir: string) => path.join(dataDir, 'control.sock');
/** sun_path holds 108 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

export class DataDirBusy extends Error {}

export async function claimPgliteDir(dataDir: string): Promise<PgliteClaim> {
  const file = controlSocket(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH)
    throw new Error(`DATA_DIR is too long for its control socket (${file}); use a shorter path`);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  let database: Database | undefined;
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.once('data', (request) => void answer(socket, request.toString('utf8').trim(), database));
    socket.on('error', () => {});
  });
  await listenExclusive(server, file);
  await fs.chmod(file, 0o600);
  return {
    serve: (db) => {
      database = db;
    },
    release: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(file, { force: true });
    },
  };
}

async function listenExclusive(server: net.Server, file: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(file, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || attempt > 0)
        throw new Error(
          `cannot create ${file} (${code ?? (err as Error).message}): DATA_DIR must be a local folder the server can write, where Unix sockets work`,
          { cause: err },
        );
      if (await answers(file))
        throw new DataDirBusy(
          `${path.dirname(file)} is in use by another process (a running server or backup): stop it first, or point DATA_DIR elsewhere`,
        );
      await fs.rm(file, { force: true }); // left by a process that was killed
    }
  }
}

function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(file);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answer(socket: net.Socket, request: string, database: Database | undefined) {
  if (request !== 'dump') return socket.end('ERR unknown request\n');
  if (!database) return socket.end('ERR the server is still starting\n');
  try {
    const tarball = await dumpPglite(database);
    socket.write(`OK ${tarball.length}\n`);
    socket.end(tarball);
  } catch (err) {
    socket.end(`ERR ${(err as Error).message}\n`);
  }
}

/**
 * A consistent copy of the PGlite data directory (gzip tarball). Inside a
 * transaction of its own, PGlite runs no other transaction, so none is half
 * done in the copy; CHECKPOINT writes every page to the files first, so the
 * copy opens without replaying the log. Requests wait meanwhile: a short
 * pause (see bench/RESULTS.md for the demo data).
 */
export async function dumpPglite(database: Database): Promise<Buffer> {
  if (database.driver !== 'pglite') throw new Error('not an embedded database');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Copied plain under the lock, compressed after it: compressing inside made the pause 1.5 s.
  const blob = await client.transaction(async (tx) => {
    await tx.query('CHECKPOINT');
    return client.dumpDataDir('none');
  });
  return gzip(Buffer.from(await blob.arrayBuffer()));
}

/** Asks the server holding DATA_DIR for a dump; undefined when no server answers there. */
export async function requestDump(dataDir: string): Promise<Buffer | undefined> {
  const file = controlSocket(dataDir);
  if (!(await answers(file))) return undefined;
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(file, () => socket.write('dump\n'));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
  const newline = raw.indexOf(10);
  const head = raw.subarray(0, newline).toString('utf8');
  const ok = /^OK (\d+)$/.exec(head);
  if (!ok) throw new Error(`the server refused the dump: ${head.replace(/^ERR /, '')}`);
  const body = raw.subarray(newline + 1);
  if (body.length !== Number(ok[1])) throw new Error('the dump was cut short');
  return body;
}
