import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call } from './helpers/api.ts';
import {
  baseUrl,
  isReactOwned,
  releaseBrowser,
  workerBrowser,
  openPage,
  reactOwned,
} from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEscort } from './helpers/demo.ts';

/**
 * `html[data-hydrated]` says the page can be used. A dashboard section hydrates in a boundary of its
 * own once its code arrives, after the page around it: the mark must wait for it, or a click in the
 * section between the two is lost (lib/hydration.tsx).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('the hydration mark', () => {
  it('waits for a dashboard section whose code comes after the page around it', async () => {
    const escort = await demoEscort();
    const { token } = await call<{ token: string }>('/usuario/login', {
      method: 'POST',
      body: { email: escort.email, pass: DEMO_PASSWORD },
    });
    const { page, context, errors } = await openPage(browser, undefined, { waitForHydration: false });
    await context.addCookies([{ name: 'encanto_sesion', value: token, url: baseUrl() }]);
    // The section's own chunk is held back until the dashboard around it has hydrated.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const chunkHeld = new Promise<void>((resolve) => (held = resolve));
    await page.route('**/assets/escort-profile-page-*.js', async (route) => {
      held();
      await gate;
      await route.continue();
    });

    await page.goto('/panel/perfil', { waitUntil: 'commit' });
    // Server HTML: the dashboard's navigation and the section's heading are already there.
    const nav = page.getByRole('navigation', { name: 'Secciones de mi panel' });
    await nav.getByRole('link').first().waitFor({ timeout: 20_000 });
    await reactOwned(nav.getByRole('link').first());
    const isHydrated = () => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
    // The dashboard is React's now and has asked for the section's code, which is held: the section is
    // still server HTML, so the page is not yet usable. The effect that sets the mark has run once the
    // browser holds her session (entry-client's marker adopts the server's session just before it).
    await chunkHeld;
    await page.waitForFunction((nickname) => localStorage.getItem('nickname') === nickname, escort.nickname);
    expect(await isHydrated()).toBe(false);

    release();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 20_000 });
    // Once the mark is there, the section's own controls answer.
    const firstButton = page.locator('.dashboard-main button').first();
    expect(await isReactOwned(firstButton)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
    await call('/logout', { method: 'POST', token });
  });
});
