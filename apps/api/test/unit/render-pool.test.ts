import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderThreads, type Renderer } from '../../src/web/render-pool.ts';

/**
 * The render threads (decision 0112) with a stand-in server bundle: each page's HTML names the thread
 * that rendered it; '/boom' throws; '/die' ends its thread mid-render.
 */
const bundle = `
import { threadId } from 'node:worker_threads';
export async function render(url, site, data, options) {
  if (url === '/boom') throw new Error('boom');
  if (url === '/die') process.exit(3);
  return { html: url + ' ' + threadId + ' ' + JSON.stringify(data) + ' ' + JSON.stringify(options), head: site.name, state: '', status: 200 };
}
export const prefetchPaths = () => [];
export const redirectFor = () => null;
`;
const site = { name: 'Encanto', url: 'http://localhost', supportEmail: 'a@b.cl' };
let dir: string;
let pool: Renderer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-render-pool-'));
  fs.writeFileSync(path.join(dir, 'entry.mjs'), bundle);
  pool = await renderThreads(pathToFileURL(path.join(dir, 'entry.mjs')).href, 2);
});
afterAll(async () => {
  await pool?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const threadOf = (html: string) => html.split(' ')[1];

describe('render threads', () => {
  it('with its only thread gone, renders wait for the replacement', async () => {
    const one = await renderThreads(pathToFileURL(path.join(dir, 'entry.mjs')).href, 1);
    try {
      await expect(one.render('/die', site, {})).rejects.toThrow(/exited/);
      expect((await one.render('/next', site, {})).html).toMatch(/^\/next /);
    } finally {
      await one.close();
    }
  });

  it('render in threads beside this one, with the data and options sent, spread over the threads', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pool.render(`/p${i}`, site, { '/x': { n: i } }, { session: null })),
    );
    results.forEach((r, i) => {
      expect(r.html).toBe(`/p${i} ${threadOf(r.html)} {"/x":{"n":${i}}} {"session":null}`);
      expect(r.head).toBe('Encanto');
    });
    const threads = new Set(results.map((r) => threadOf(r.html)));
    expect(threads.size).toBe(2);
    expect(threads.has('0')).toBe(false);
  });

  it('a render that throws fails that page only', async () => {
    await expect(pool.render('/boom', site, {})).rejects.toThrow(/boom/);
    expect((await pool.render('/after', site, {})).status).toBe(200);
  });

  it('a thread that dies fails its render and is replaced', async () => {
    await expect(pool.render('/die', site, {})).rejects.toThrow(/exited/);
    // Renders asked for while the replacement starts go to the thread still up.
    const again = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.render(`/q${i}`, site, {})));
    expect(again.every((r) => r.status === 200)).toBe(true);
    // The replacement joins once it has started: poll for it instead of waiting a fixed second.
    await vi.waitFor(
      async () => {
        const later = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.render(`/r${i}`, site, {})));
        expect(new Set(later.map((r) => threadOf(r.html))).size).toBe(2);
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});
