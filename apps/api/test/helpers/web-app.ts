import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openTestDatabase } from './app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * An app that also serves the web pages, rendered by the real web build: WEB_DIST_DIR when set,
 * else apps/web/dist, built here when missing (CI builds it first). `env` adds to the test config.
 */
export async function createWebTestApp(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'server/entry-server.js'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@encanto/web'], {
      cwd: root,
      env: { ...process.env, WEB_DIST_DIR: dist },
      stdio: 'ignore',
    });
    if (r.status !== 0) throw new Error('web build failed');
  }
  process.env.WEB_DIST_DIR = dist;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-web-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    DOCUMENT_KEY: randomBytes(32).toString('hex'),
    ...env,
  });
  const opened = await openTestDatabase();
  const app = await buildApp({ config, database: opened.database, web: true });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await opened.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
