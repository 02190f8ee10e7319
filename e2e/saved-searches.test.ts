import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, approvedAccount, E2E_PASSWORD, loginThroughForm, newAccount } from './helpers/api.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';

/**
 * Saved searches in the browser (decision 0175): a client saves the listing he is looking at under a name,
 * finds it in "Mis búsquedas" with its link, and deletes it; a visitor is not offered the button.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const narrow = { width: 360, height: 780 };
const smallest = { width: 320, height: 640 };

describe('saved searches', () => {
  it('saves a search at 360 px, sees it listed with its link, and deletes it', async () => {
    const client = await approvedAccount('cliente', await adminToken(), newAccount('sb'));
    const { page, context, errors } = await openPage(browser, narrow);
    await loginThroughForm(page, client, E2E_PASSWORD);
    await page.goto('/Escort/Providencia?con_galeria=true');

    await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    const name = page.getByRole('textbox', { name: 'Nombre de la búsqueda' });
    // The name offered is the place and the filters in use.
    await expect(name.inputValue()).resolves.toBe('Providencia, Con galería');
    await screenshot(page, 'saved-search-form-360');
    await name.fill('Providencia, disponibles');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect
      .poll(() => page.locator('.save-search .message-success').textContent())
      .toContain('Guardamos «Providencia, disponibles».');

    await page.getByRole('link', { name: 'Ver mis búsquedas' }).click();
    await page.waitForURL('**/mi-cuenta/busquedas');
    const rows = page.getByTestId('saved-searches').getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    const link = rows.first().getByRole('link', { name: 'Providencia, disponibles', exact: true });
    await expect(link.getAttribute('href')).resolves.toBe('/Escort/Providencia?con_galeria=true');
    await screenshot(page, 'saved-searches-360');

    // Its link opens the listing it saved.
    await link.click();
    await page.waitForURL('**/Escort/Providencia?con_galeria=true');
    await page.goBack();
    await page.waitForURL('**/mi-cuenta/busquedas');

    await page.getByRole('button', { name: 'Borrar «Providencia, disponibles»' }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await expect(page.locator('.saved-searches-empty').textContent()).resolves.toContain(
      'Aún no tienes búsquedas guardadas',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says why an empty name is refused, and the screens read well at 320, 390 and 1366', async () => {
    const client = await approvedAccount('cliente', await adminToken(), newAccount('sc'));
    const { page, context } = await openPage(browser, phone);
    await loginThroughForm(page, client, E2E_PASSWORD);
    await page.goto('/Escort?q=masajes&genero=Femenino');
    await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    await page.getByRole('textbox', { name: 'Nombre de la búsqueda' }).fill('   ');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect
      .poll(() => page.locator('.save-search .message-error').textContent())
      .toContain('Ponle un nombre a la búsqueda, de 1 a 60 caracteres.');
    await screenshot(page, 'saved-search-error-390');
    await page.getByRole('textbox', { name: 'Nombre de la búsqueda' }).fill('Masajes en todo Chile');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.locator('.save-search .message-success').waitFor();
    await screenshot(page, 'saved-search-done-390');

    for (const [size, label] of [
      [smallest, '320'],
      [phone, '390'],
      [desktop, '1366'],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/mi-cuenta/busquedas');
      await page.getByTestId('saved-searches').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, label).toBeLessThanOrEqual(0);
      await screenshot(page, `saved-searches-${label}`);
    }
    // The notices' own switch sits with the other mail switches in the account's settings (decision 0176).
    await page.goto('/mi-cuenta/cuenta');
    const toggle = page.locator('#notificaciones').getByRole('switch', { name: /Búsquedas guardadas/ });
    await expect(toggle.isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('is not offered to a visitor', async () => {
    const { page, context } = await openPage(browser, narrow);
    await page.goto('/Escort/Providencia');
    await page.locator('.listing-count, .listing-empty').first().waitFor();
    await expect(page.getByRole('button', { name: 'Guardar búsqueda' }).count()).resolves.toBe(0);
    await context.close();
  });
});
