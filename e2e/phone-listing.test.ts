import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ageNoticeStorageKey, timings } from '@encanto/core/constants';
import {
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  screenshot,
  smallPhone,
} from './helpers/browser.ts';

/** A listing that works on a phone: the splash, the 18+ notice, the filters (at 360 px). */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('the splash on a phone', () => {
  it('replaces itself in the history: Back from /Escort returns to where the visitor came from', async () => {
    const { page, errors, context } = await openPage(browser, smallPhone);
    await page.clock.install();
    await gotoHydrated(page, '/Soporte');
    await gotoHydrated(page, '/');
    await page.clock.runFor(timings.splashRedirectMs);
    await page.waitForURL('**/Escort', { timeout: 10_000 });
    await page.goBack();
    await page.waitForURL('**/Soporte', { timeout: 10_000 });
    // Still there after the splash's time: nothing sends the visitor forward again.
    await page.clock.runFor(timings.splashRedirectMs + 500);
    expect(new URL(page.url()).pathname).toBe('/Soporte');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('breaks the title between words, never inside the brand', async () => {
    for (const viewport of [{ width: 320, height: 700 }, smallPhone, { width: 390, height: 844 }, desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await page.clock.install();
      await gotoHydrated(page, '/');
      // Each word's letters sit on one line (offsetTop: the letters' entrance animation moves them).
      const lines = await page
        .locator('.splash-word')
        .evaluateAll((words) =>
          words.map((w) => new Set([...w.children].map((l) => (l as HTMLElement).offsetTop)).size),
        );
      expect(lines.length, `${viewport.width}`).toBe(3);
      expect(lines, `${viewport.width}`).toEqual([1, 1, 1]);
      await page.clock.runFor(1000);
      await screenshot(page, `splash-${viewport.width}`);
      await context.close();
    }
  });
});

describe('the 18+ notice on a phone', () => {
  const notice = (page: Page) => page.getByRole('dialog', { name: 'Solo para mayores de edad' });

  it("is in the server HTML and works with none of the app's scripts run", async () => {
    const { page, context } = await openPage(browser, smallPhone, {
      ageConfirmed: false,
      waitForHydration: false,
    });
    // The app's bundle never arrives: the page is its server HTML alone.
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/Escort', { waitUntil: 'domcontentloaded' });
    await expect(
      page.evaluate(() => document.querySelector('dialog.age-notice')?.matches(':modal') ?? false),
    ).resolves.toBe(true);
    await screenshot(page, 'age-notice-no-app-360');
    await notice(page).getByRole('button', { name: 'Soy mayor de 18 años' }).click();
    await notice(page).waitFor({ state: 'detached' });
    await expect(page.evaluate((key) => localStorage.getItem(key), ageNoticeStorageKey)).resolves.toMatch(
      /^\d{4}-/,
    );
    // Answered: the next page load does not ask again.
    await page.goto('/Informacion', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('dialog.age-notice').count()).resolves.toBe(0);
    await context.close();
  });

  it('on a slow phone (6x CPU) is up before any photo paints, and typing after it is never swallowed', async () => {
    const { page, context, errors } = await openPage(browser, smallPhone, {
      ageConfirmed: false,
      waitForHydration: false,
    });
    // Every frame until the notice is answered: did a photo of the page show while no notice was up?
    await context.addInitScript((key) => {
      const w = window as unknown as { photoWithoutNotice?: boolean };
      w.photoWithoutNotice = false;
      const frame = () => {
        if (localStorage.getItem(key) !== null) return;
        const photo = [...document.querySelectorAll<HTMLImageElement>('#root img')].some(
          (img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0,
        );
        if (photo && !document.querySelector('dialog:modal')) w.photoWithoutNotice = true;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, ageNoticeStorageKey);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // The app's scripts wait until the notice is answered, so the answer is surely made before hydration
    // (on a loaded machine a throttled page could otherwise hydrate before the click lands).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    // 'commit': the held module scripts also hold back DOMContentLoaded.
    await page.goto('/Login/clienteLogin', { waitUntil: 'commit' });
    // Answered before the app has hydrated: the notice works without it.
    await notice(page).getByRole('button', { name: 'Soy mayor de 18 años' }).click();
    await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);
    release();
    // Typing straight away, while the app loads: nothing opens over the field, nothing is lost.
    const email = page.getByLabel('Email');
    await email.click();
    await page.keyboard.type('valeria@correo.cl', { delay: 30 });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    await page.keyboard.type('x');
    await expect(email.inputValue()).resolves.toBe('valeria@correo.clx');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('email');
    await expect(notice(page).count()).resolves.toBe(0);

    // And on a listing: the notice was up before any photo painted.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/Escort', { waitUntil: 'domcontentloaded' });
    await notice(page).waitFor();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('#root img')].some(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await expect(
      page.evaluate(() => (window as unknown as { photoWithoutNotice: boolean }).photoWithoutNotice),
    ).resolves.toBe(false);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 320, 390 and 1366 px', async () => {
    for (const viewport of [{ width: 320, height: 700 }, { width: 390, height: 844 }, desktop]) {
      const { page, context } = await openPage(browser, viewport, { ageConfirmed: false });
      await page.goto('/Escort');
      await notice(page).waitFor();
      await screenshot(page, `age-notice-${viewport.width}`);
      await context.close();
    }
  });
});

describe('the filters on a phone', () => {
  const sheetButton = (page: Page) => page.getByRole('button', { name: /^Filtros/ });

  it('fold into one "Filtros (n)" button, so the first profiles are on the first screen', async () => {
    const { page, context, errors } = await openPage(browser, smallPhone);
    await page.goto('/Escort');
    await expect(sheetButton(page).textContent()).resolves.toBe('Filtros');
    await expect(page.getByLabel('Género').isVisible()).resolves.toBe(false);
    // The first card's photo is on the first screen, not below a form.
    const card = await page.locator('.escort-card').first().boundingBox();
    expect(card).not.toBeNull();
    expect(card!.y + 160, `first card at ${card!.y}px`).toBeLessThanOrEqual(smallPhone.height);
    await screenshot(page, 'listing-filters-folded-360');

    // The button opens the filters as a sheet; "Filtrar" closes it and moves the page to the results.
    await sheetButton(page).click();
    await expect(page.getByLabel('Género').isVisible()).resolves.toBe(true);
    await screenshot(page, 'listing-filters-sheet-360');
    await page.getByLabel('Género').selectOption('Femenino');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL('**/Escort?genero=Femenino');
    await expect(page.getByLabel('Género').isVisible()).resolves.toBe(false);
    const count = page.locator('.listing-count');
    await expect(count.textContent()).resolves.toMatch(/^\d+ perfil(es)?$/);
    await expect
      .poll(async () => {
        const box = await count.boundingBox();
        if (box === null || box.y < 0 || box.y + box.height > smallPhone.height) return false;
        // Seen, not under the sticky navbar.
        return page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('.listing-count') !== null,
          [box.x + 4, box.y + box.height / 2],
        );
      })
      .toBe(true);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(0);
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('listing-outcome')),
    ).resolves.toBe(true);
    await expect.poll(() => sheetButton(page).textContent()).toBe('Filtros (1)');
    await screenshot(page, 'listing-filtered-360');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the active filters of an empty result as chips, each removed with one tap', async () => {
    const { page, context, errors } = await openPage(browser, smallPhone);
    await page.goto('/Escort?genero=Femenino&edad_min=99&edad_max=99');
    await expect(
      page.getByText('No hay escorts que coincidan con estos filtros.').count(),
    ).resolves.toBeGreaterThan(0);
    const chips = page.getByRole('list', { name: 'Filtros en uso' }).getByRole('link');
    await expect(chips.allTextContents()).resolves.toEqual([
      'Género: Femenino',
      'Edad desde 99',
      'Edad hasta 99',
    ]);
    await expect(sheetButton(page).textContent()).resolves.toBe('Filtros (3)');
    await screenshot(page, 'listing-empty-chips-360');
    await page.getByRole('link', { name: 'Quitar filtro Edad desde 99' }).click();
    await page.waitForURL('**/Escort?genero=Femenino&edad_max=99');
    // The URL changes before the new page's filters render: read the button until it says so.
    await expect.poll(() => sheetButton(page).textContent()).toBe('Filtros (2)');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 320, 390 and 1366 px', async () => {
    for (const viewport of [{ width: 320, height: 700 }, { width: 390, height: 844 }, desktop]) {
      const { page, context } = await openPage(browser, viewport);
      await page.goto('/Escort?genero=Femenino');
      await screenshot(page, `listing-filters-${viewport.width}`);
      if (viewport.width < 760) {
        await sheetButton(page).click();
        await screenshot(page, `listing-filters-sheet-${viewport.width}`);
      } else {
        await expect(sheetButton(page).isVisible()).resolves.toBe(false);
        await expect(page.getByLabel('Género').isVisible()).resolves.toBe(true);
      }
      await page.goto('/Escort?genero=Femenino&edad_min=99&con_galeria=true');
      await screenshot(page, `listing-empty-chips-${viewport.width}`);
      await context.close();
    }
  });
});
