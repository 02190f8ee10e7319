import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, gotoHydrated, releaseBrowser, workerBrowser, openPage, phone } from './helpers/browser.ts';
import { demoEscort } from './helpers/demo.ts';

/** Decision 0040: JavaScript for the first view of a city page, gzip. */
const CITY_PAGE_BUDGET = 150 * 1024;

let browser: Browser;
let nickname: string;

beforeAll(async () => {
  browser = await workerBrowser();
  // A demo escort's card (photo, ratings, comments), not an account another file registered.
  nickname = (await demoEscort()).nickname;
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/**
 * Every script the page loads until it has hydrated and the network is idle, on
 * a phone, measured as gzip -9 of each file (the server may send brotli, which
 * is smaller; gzip is the budget's unit).
 */
async function firstViewJs(url: string) {
  const { page, context } = await openPage(browser, phone);
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    sizes.set(
      res.url(),
      res.body().then((body) => zlib.gzipSync(body, { level: 9 }).length),
    );
  });
  await gotoHydrated(page, url);
  await page.waitForLoadState('networkidle');
  const entries = await Promise.all(
    [...sizes].map(async ([u, s]) => [new URL(u).pathname, await s] as const),
  );
  await context.close();
  const total = entries.reduce((sum, [, s]) => sum + s, 0);
  return { total, entries: entries.sort((a, b) => b[1] - a[1]) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('front-end budgets', () => {
  it('a city page loads at most 150 KB gzip of JavaScript for its first view', async () => {
    const { total, entries } = await firstViewJs('/escorts/santiago');
    console.info(`JS first view /escorts/santiago: ${kb(total)} gzip in ${entries.length} files`);
    expect(entries.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(CITY_PAGE_BUDGET);
  });

  it('reports the card, the listing and a filtered city page, which stay within the same budget', async () => {
    // A filtered, sorted city page (decision 0087) (filter bar, sort control, pages) keeps the same budget.
    for (const url of [
      `/Card/${nickname}`,
      '/Escort',
      '/escorts/santiago?genero=Femenino&orden=calificacion',
    ]) {
      const { total, entries } = await firstViewJs(url);
      console.info(
        `JS first view ${url}: ${kb(total)} gzip; largest: ${entries
          .slice(0, 3)
          .map(([p, s]) => `${p.replace('/assets/', '')} ${kb(s)}`)
          .join(', ')}`,
      );
      // No form library, zod schema or common-password list in a visitor's first view of these pages.
      expect(
        entries
          .map(([p]) => p)
          .filter((p) => /\/(zod|schemas|rating-form|report-form|common-passwords)-/.test(p)),
      ).toEqual([]);
      expect(total).toBeLessThanOrEqual(CITY_PAGE_BUDGET);
    }
  });

  it('loads the common-password list (its own small chunk) only where a password is set', async () => {
    const { entries } = await firstViewJs('/registro/cliente');
    const list = entries.filter(([p]) => /\/common-passwords-/.test(p));
    console.info(`common-password list on /registro/cliente: ${list.map(([, s]) => kb(s)).join(', ')} gzip`);
    expect(list).toHaveLength(1);
    expect(list[0]![1]).toBeLessThanOrEqual(6 * 1024);
  });

  it('sends the built JS precompressed and pages and JSON compressed to clients that ask, plain bytes otherwise', async () => {
    const html = await fetch(`${baseUrl()}/escorts/santiago`);
    const script = (await html.text()).match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const head = (path: string, encoding?: string) =>
      new Promise<{
        status: number;
        encoding: string | undefined;
        vary: string | undefined;
        cache: string | undefined;
      }>((resolve, reject) => {
        // node:http, not fetch: fetch always sends Accept-Encoding and decodes the body.
        void import('node:http').then(({ request }) => {
          const req = request(
            `${baseUrl()}${path}`,
            { headers: encoding ? { 'accept-encoding': encoding } : {} },
            (res) => {
              res.resume();
              resolve({
                status: res.statusCode ?? 0,
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                cache: res.headers['cache-control'],
              });
            },
          );
          req.on('error', reject);
          req.end();
        });
      });
    expect(await head(script!, 'br, gzip')).toMatchObject({
      status: 200,
      encoding: 'br',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(await head(script!, 'gzip')).toMatchObject({ status: 200, encoding: 'gzip' });
    expect(await head(script!)).toMatchObject({ status: 200, encoding: undefined });
    expect(await head('/escorts/santiago', 'gzip, deflate, br')).toMatchObject({
      encoding: 'br',
      vary: 'accept-encoding',
    });
    expect(await head('/escorts/santiago', 'gzip')).toMatchObject({ encoding: 'gzip' });
    expect(await head('/api/usuario/ciudad/Santiago', 'gzip')).toMatchObject({
      status: 200,
      encoding: 'gzip',
    });
    expect(await head('/api/usuario/ciudad/Santiago')).toMatchObject({ status: 200, encoding: undefined });
    expect(await head('/escorts/santiago')).toMatchObject({ status: 200, encoding: undefined });
  });
});
