import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ageNoticeStorageKey } from '@encanto/core/constants';
import { DEMO_EMAIL_DOMAIN } from '../apps/api/src/demo/plan.ts';
import { desktop, releaseBrowser, workerBrowser, phone, screenshot } from './helpers/browser.ts';
import { startServer } from './helpers/global-setup.ts';

/** Passkeys (decision 0096) with Chromium's virtual authenticator, driven over the DevTools protocol. */
const PASSWORD = 'encanto123';
let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
/** A demo escort of this file's own server (approved, password encanto123). */
let escort: { nickname: string; email: string };
beforeAll(async () => {
  // Browsers refuse an IP address as the relying party: this file runs its own server named localhost.
  [browser, server] = await Promise.all([workerBrowser(), startServer({ host: 'localhost', demo: 'true' })]);
  const api = server.baseUrl.replace('localhost', '127.0.0.1');
  const cards = (await (await fetch(`${api}/api/ultimos`)).json()) as { nickname: string }[];
  escort = { nickname: cards[0]!.nickname, email: `${cards[0]!.nickname}@${DEMO_EMAIL_DOMAIN}` };
}, 360_000);
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function openLocal(viewport = phone) {
  const context = await browser.newContext({
    viewport,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    baseURL: server.baseUrl,
  });
  await context.addInitScript((key) => {
    try {
      if (!localStorage.getItem(key)) localStorage.setItem(key, new Date().toISOString());
    } catch {
      // about:blank has no storage
    }
  }, ageNoticeStorageKey);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

/** A platform authenticator with user verification that answers by itself (no dialog to click). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

describe('passkeys', () => {
  it('registers a passkey from the profile, then logs in with it and no password', async () => {
    const { page, context, errors } = await openLocal();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto('/Login/EscortLogin');
    await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
    await page.getByLabel('Email').fill(escort.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/Login'));
    await page.goto('/panel/cuenta');
    const section = page.locator('#seguridad');
    await section.getByRole('button', { name: 'Agregar una llave de acceso' }).click();
    const proof = page.getByRole('dialog', { name: 'Confirma que eres tú' });
    await proof.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await proof.getByRole('button', { name: 'Confirmar' }).click();
    await section.getByText('Llave de acceso agregada.').waitFor({ timeout: 15_000 });
    const rows = section.getByRole('list', { name: 'Tus llaves de acceso' }).locator('li');
    // The list refetches after the answer: wait for it rather than read it at once.
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('sin usar aún');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await page.setViewportSize(desktop);
    await section.getByRole('group', { name: 'Llaves de acceso' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'passkeys-section-1366');

    // Signed out on this device, back in with the passkey alone.
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.setViewportSize(phone);
    await page.goto('/Login/EscortLogin');
    await page.getByRole('button', { name: 'Usar una llave de acceso' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'passkeys-login-390');
    await page.getByRole('button', { name: 'Usar una llave de acceso' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/Login'), { timeout: 15_000 });
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toMatchObject({ nickname: escort.nickname });
    await page.goto('/panel/cuenta');
    await section.getByText('último uso').waitFor({ timeout: 15_000 });
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
