import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';

/** Decision 0090: registration errors per field on blur, nickname rules in their own words, no silent edits. */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('registration checks each field as it is left', () => {
  for (const viewport of [phone, desktop]) {
    it(`nickname, e-mail and repeated password at ${viewport.width} px`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await gotoHydrated(page, '/registro/cliente');
      const nickname = page.getByLabel('Nickname', { exact: true });
      await nickname.pressSequentially('Ana María');
      await page.keyboard.press('Tab');
      // The rule that failed, the value as typed, and the form it would take, offered.
      await page.getByText(msg.nicknameUppercase).waitFor();
      expect(await nickname.inputValue()).toBe('Ana María');
      await expect(nickname.getAttribute('aria-invalid')).resolves.toBe('true');
      await page.getByText(msg.nicknameSuggestion).waitFor();

      await page.getByLabel('Email', { exact: true }).pressSequentially('ana@correo');
      await page.keyboard.press('Tab');
      await page.getByText(msg.email).waitFor();

      await page.getByLabel('Contraseña', { exact: true }).fill('clave123');
      await page.getByLabel('Repetir contraseña').fill('clave124');
      await page.getByLabel('Teléfono').focus();
      await page.getByText(msg.passwordsDontMatch).waitFor();
      await screenshot(page, `registro-errores-${viewport.width}`);
      await nickname.scrollIntoViewIfNeeded();
      await screenshot(page, `registro-nickname-${viewport.width}`);

      await page.getByRole('button', { name: msg.nicknameUseSuggestion('anamaria') }).click();
      expect(await nickname.inputValue()).toBe('anamaria');
      await page.getByText(msg.nicknameUppercase).waitFor({ state: 'detached' });
      await page.getByLabel('Repetir contraseña').fill('clave123');
      await page.getByLabel('Teléfono').focus();
      await page.getByText(msg.passwordsDontMatch).waitFor({ state: 'detached' });
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      await context.close();
    });
  }

  it('a short nickname is told its length, an accented one its accent', async () => {
    const { page, context } = await openPage(browser, phone);
    await gotoHydrated(page, '/registro/RegistroEscort');
    const nickname = page.getByLabel('Nickname', { exact: true });
    await nickname.pressSequentially('ana');
    await page.keyboard.press('Tab');
    await page.getByText(msg.nicknameTooShort).waitFor();
    await nickname.fill('ángela');
    await page.keyboard.press('Tab');
    await page.getByText(msg.nicknameAccents).waitFor();
    await page.getByText(msg.nicknameSuggestion).waitFor();
    await context.close();
  });
});
