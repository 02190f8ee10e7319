import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import { gotoHydrated, launchBrowser, openPage, screenshot } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEscort, type DemoEscort } from './helpers/demo.ts';

/** Sign-in that does not lose what people were doing (at 360 px). */

const small = { width: 360, height: 780 };
let browser: Browser;
let escort: DemoEscort;
beforeAll(async () => {
  browser = await launchBrowser();
  escort = await demoEscort();
});
afterAll(async () => {
  await browser.close();
});

describe('one login for both kinds', () => {
  it('an escort on the default Cliente tab signs in to her own account; tabs keep what she typed', async () => {
    const { page, errors, context } = await openPage(browser, small);
    await gotoHydrated(page, '/Login');
    await page.getByLabel('Email').fill(escort.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta-1');
    // Switching tabs keeps the e-mail and the password.
    await page
      .getByRole('navigation', { name: 'Tipo de cuenta' })
      .getByRole('link', { name: 'ESCORT' })
      .click();
    await page.waitForURL('**/Login/EscortLogin');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(escort.email);
    await expect(page.getByLabel('Contraseña', { exact: true }).inputValue()).resolves.toBe('no-es-esta-1');
    await page
      .getByRole('navigation', { name: 'Tipo de cuenta' })
      .getByRole('link', { name: 'CLIENTE' })
      .click();
    await page.waitForURL('**/Login/clienteLogin');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(escort.email);
    // A wrong password says so in the spec's words, on the client tab too.
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText(msg.badCredentials).waitFor();
    await screenshot(page, 'login-wrong-password-360');
    await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    // Her own account: the escort's dashboard, where an approved escort lands.
    await page.waitForURL('**/panel', { timeout: 15_000 });
    // The browser logs the wrong password's 401 answer; nothing else.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });
});
