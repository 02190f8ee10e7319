import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from './app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * A test app that also serves the web pages, rendered by the real web build: WEB_DIST_DIR when set,
 * else apps/web/dist, built here when missing (CI builds it first). `env` adds to the test config.
 */
export async function createWebTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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
  return createTestApp({ env, web: true });
}
