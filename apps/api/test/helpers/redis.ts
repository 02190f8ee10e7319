import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './ports.ts';

const BIN = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  start(): Promise<void>;
}

/** A private redis-server on a free loopback port, so a test can stop and restart it. */
export async function startRedis(): Promise<TestRedis> {
  if (!BIN) throw new Error('redis-server is not installed (Debian: apt-get install -y redis-server)');
  const port = freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    // Up to 10 s: on a loaded CI machine the server and each redis-cli start slowly.
    for (let i = 0; i < 200; i++) {
      if (spawnSync('redis-cli', ['-u', url, 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on ${url}`);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url, port, stop, start };
}
