import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, approvedAccount, plainJpeg, type Person } from './helpers/api.ts';
import {
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';
import { demoEscort } from './helpers/demo.ts';

/** Decision 0091: the account menu, 'Cita' and the focus ring, with the keyboard only. */

const PASSWORD = 'encanto123';
let browser: Browser;
let client: Person;
beforeAll(async () => {
  browser = await workerBrowser();
  client = await approvedAccount('cliente', await adminToken(), {
    prefix: 'kb',
    nombre: 'Teclado Sin Ratón',
    fecha_nac: '1990-01-02',
    fono: '987654321',
    genero: 'Masculino',
    pass: PASSWORD,
    document: () => plainJpeg({ width: 640, height: 400, background: { r: 90, g: 80, b: 70 }, quality: 80 }),
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function login(page: Page) {
  await gotoHydrated(page, '/Login/clienteLogin');
  await page.getByLabel('Email', { exact: true }).fill(client.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/Login'));
}

/** What has focus: its tag, its accessible-ish name and whether it is inside `selector`. */
const focused = (page: Page, selector?: string) =>
  page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      inside: sel ? Boolean(el?.closest(sel)) : false,
    };
  }, selector);

describe('keyboard', { timeout: 240_000 }, () => {
  it('the account menu says open or closed, moves with the arrows and returns focus on Escape', async () => {
    const { page, context } = await openPage(browser, desktop);
    await login(page);
    const button = page.getByRole('button', { name: `[${client.nickname}]` });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    const first = (await focused(page)).text;
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).text).not.toBe(first);
    await screenshot(page, 'account-menu-keyboard-1366');
    await page.keyboard.press('Escape');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: `[${client.nickname}]` });
    await expect(page.getByRole('menu').count()).resolves.toBe(0);
    await context.close();
  });

  it("'Cita' moves focus into the request form, and Cancelar brings it back to 'Cita'", async () => {
    const escort = await demoEscort();
    const { page, context } = await openPage(browser, phone);
    await login(page);
    await gotoHydrated(page, `/Card/${encodeURIComponent(escort.nickname)}`);
    const cita = page.getByRole('button', { name: 'Cita', exact: true });
    await cita.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('form.request-form')));
    expect((await focused(page, 'form.request-form')).inside).toBe(true);
    await screenshot(page, 'cita-form-focus-390');
    await page.getByRole('button', { name: 'Cancelar', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Cita');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Cita' });
    await context.close();
  });

  for (const url of [
    '/',
    '/Escort/Santiago',
    '/Login/clienteLogin',
    '/registro/cliente',
    '/OlvidoPassCliente',
  ]) {
    it(`every element reached with Tab on ${url} shows a focus ring`, async () => {
      const { page, context } = await openPage(browser, phone);
      await gotoHydrated(page, url);
      const missing: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 45; i++) {
        await page.keyboard.press('Tab');
        const r = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          // A visually hidden control (a styled radio or checkbox) shows its ring on its label.
          const box = el.getBoundingClientRect();
          const target = box.width <= 2 || box.height <= 2 ? (el.closest('label') ?? el) : el;
          const s = getComputedStyle(target);
          const ring =
            (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) ||
            (s.boxShadow !== 'none' && s.boxShadow !== '');
          const name = `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? el.id).trim().slice(0, 30)}`;
          return { name, ring };
        });
        if (!r) continue;
        if (seen.has(r.name)) break;
        seen.add(r.name);
        if (!r.ring) missing.push(r.name);
      }
      expect(seen.size).toBeGreaterThan(3);
      expect(missing).toEqual([]);
      await context.close();
    });
  }
});
