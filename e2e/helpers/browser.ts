import fs from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { ageNoticeStorageKey } from '@encanto/core/constants';
import { baseUrl } from './server.ts';

export { baseUrl };

export const phone = { width: 390, height: 844 };
/** The small phone the first-use journeys are checked on. */
export const smallPhone = { width: 360, height: 780 };
export const desktop = { width: 1366, height: 768 };

/** The flags every browser of the suite runs with. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, never a downloaded browser (CHROMIUM_PATH names another). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let shared: Promise<Browser> | undefined;

/**
 * The worker's browser (chromiumPath), launched once per worker and shared by the files the worker runs
 * one after another (the e2e project runs them without isolation, vitest.config.ts; decision 0187). A file
 * needs contexts of its own, which openPage gives each test, not a browser of its own; a launch costs about
 * a CPU-second. Playwright ends the browser with the worker.
 */
export function workerBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }).then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** A file's end: closes every context it left open, so the next file on this worker starts with none. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export interface OpenOptions {
  /**
   * Whether the device has already answered the 18+ notice (default true, so
   * journeys start on the page itself); false shows a first visit.
   */
  ageConfirmed?: boolean;
  /**
   * Whether `page.goto` and `page.reload` return only once an HTML page has hydrated (default true).
   * Pages arrive server-rendered, signed-in ones included (decision 0108): their buttons show before they work,
   * and a journey that clicks at once would click dead HTML. False for tests of the moment before it.
   */
  waitForHydration?: boolean;
  /**
   * Whether the site's service worker may run (default false). Journeys block it: a worker answers hashed
   * assets from its cache, which `page.route` does not see, so a test that holds back a script would not
   * hold it back. The installable app's own tests (e2e/pwa.test.ts) turn it on (decision 0167).
   */
  serviceWorkers?: boolean;
  /** Another browser's user agent (an iPhone's Safari, for what only it is shown). */
  userAgent?: string;
}

/** A page in a fresh context that records console errors, so a test can assert there were none. */
export async function openPage(
  browser: Browser,
  viewport = phone,
  options: OpenOptions = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    viewport,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    baseURL: baseUrl(),
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.ageConfirmed !== false) {
    await context.addInitScript((key) => {
      try {
        if (!localStorage.getItem(key)) localStorage.setItem(key, new Date().toISOString());
      } catch {
        // about:blank has no storage
      }
    }, ageNoticeStorageKey);
  }
  const page = await context.newPage();
  if (options.waitForHydration !== false) {
    const settle = async (response: Awaited<ReturnType<Page['goto']>>) => {
      if (response?.headers()['content-type']?.includes('text/html')) {
        // A page that never hydrates (a redirect elsewhere, no script) is the test's to judge, not this wait's.
        await page
          .waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 })
          .catch(() => undefined);
      }
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, opts) => settle(await goto(url, opts));
    page.reload = async (opts) => settle(await reload(opts));
  }
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

/**
 * One DevTools session per page for its screenshots, kept until the page closes: detaching a session
 * switches off the page's virtual WebAuthn authenticator, which another session of the test added.
 */
const screenshotSessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Whether screenshot() takes its pictures: `E2E_SCREENSHOTS=false` skips them, which .ci/run sets, as CI
 * keeps no test-results and nobody looks at them there (decision 0195).
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== 'false';

/**
 * Screenshots for a person to look at, under test-results/screenshots: the viewport as PNG, encoded for
 * speed (decision 0192), once the page's fonts are in as page.screenshot would wait for them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  const dir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
  await fs.mkdir(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let session = screenshotSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    screenshotSessions.set(page, session);
  }
  const { data } = await (
    await session
  ).send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
  });
  await fs.writeFile(path.join(dir, `${name}.png`), Buffer.from(data, 'base64'));
}

/**
 * Waits until React owns an element (its props are attached to the DOM node): for a part of a page
 * that hydrates on its own, before `html[data-hydrated]` (which waits for the whole page).
 */
export async function reactOwned(locator: Locator): Promise<void> {
  await expect.poll(() => isReactOwned(locator), { timeout: 15_000 }).toBe(true);
}

/** Whether React owns the element now (its props are attached to the DOM node). */
export const isReactOwned = (locator: Locator) =>
  locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')));

/**
 * Runs `click` and returns once the page has handled that click and painted twice since. React commits
 * what a click changes before the next frame, so by then anything the click would render is in the DOM:
 * a test can assert that nothing appeared without guessing a wait.
 */
export async function afterClickPainted(page: Page, click: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { clickPainted?: Promise<void> };
    w.clickPainted = new Promise((resolve) => {
      window.addEventListener(
        'click',
        () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        { capture: true, once: true },
      );
    });
  });
  await click();
  await page.evaluate(() => (window as unknown as { clickPainted?: Promise<void> }).clickPainted);
}

/**
 * Resolves once the page has painted two more frames. React commits what an event or an answer changed
 * before the next frame, so by then the DOM shows it (a layout after a resize, a saved scroll position).
 * The frames follow the page's clock: with page.clock paused they wait for it to move.
 */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Resolves once what moves on the page has come to rest, for a screenshot: the fonts are in, every
 * running animation or transition that ends has ended (endless ones, a spinner, are left alone), and two
 * frames have been painted since.
 */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document
      .getAnimations()
      .filter(
        (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
      );
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  await painted(page);
}

/** Navigates and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
  return response;
}

/** The session token of the page's browser: it lives in the HttpOnly cookie (decision 0108), out of the page's reach. */
export async function sessionToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'encanto_sesion')?.value ?? '';
}
