import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, enterAdminCode, randomRut } from './helpers/api.ts';
import { releaseBrowser, workerBrowser, openPage, type TrackedPage } from './helpers/browser.ts';
import { mailsTo, waitForMail } from './helpers/mail.ts';
import { DEMO_PASSWORD, demoEscort } from './helpers/demo.ts';
import { E2E_ADMIN } from './helpers/global-setup.ts';

/**
 * Decision 0089: on a slow phone the server HTML shows a form seconds before React hydrates it;
 * whatever is typed (or autofilled) in that gap must survive into the app and work.
 *
 * Each page runs with the CPU slowed 6x (DevTools Emulation.setCPUThrottlingRate), and its scripts are
 * held back until the test has typed, so the typing always lands before hydration, as on a slow phone
 * where the form shows at ~0.9 s and hydrates at ~3.3 s.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const stamp = Date.now().toString(36).slice(-5);
const client = { nickname: `hyd${stamp}`, email: `hyd${stamp}@correo.cl`, pass: 'clave123' };

interface SlowPage extends TrackedPage {
  /** Lets the held-back scripts load, so the page hydrates. */
  release: () => void;
}

async function slowPage(): Promise<SlowPage> {
  const tracked = await openPage(browser, undefined, { waitForHydration: false });
  const cdp = await tracked.context.newCDPSession(tracked.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await tracked.page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return { ...tracked, release };
}

/** Opens the URL and hands back as soon as the server HTML shows the field, long before hydration. */
async function openUnhydrated(page: Page, url: string, label: string) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByLabel(label, { exact: true }).waitFor({ timeout: 20_000 });
  expect(await isHydrated(page)).toBe(false);
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).pressSequentially(text);
}

/** Finishes typing, checks it was all before hydration, then lets the app load and waits for it. */
async function thenHydrate({ page, release }: SlowPage) {
  expect(await isHydrated(page)).toBe(false);
  release();
  await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
  // The submit button is enabled by the render after hydration; that render must not wipe anything.
  await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
}

const valueOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

/** The 4-digit code of the recovery mail that arrives after `before` (the files seen earlier). */
function recoveryCode(to: string, before: string[]): Promise<string> {
  return waitForMail(to, 'with a recovery code', (mails) =>
    mails
      .filter((m) => !before.includes(m.file))
      .map((m) => /provisoria es (\d{4})/.exec(m.text)?.[1])
      .find((code) => code !== undefined),
  );
}

describe('typed before hydration (CPU 6x slower)', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    await call('/cliente/registro', {
      method: 'POST',
      body: {
        rut_cliente: randomRut(),
        nombre: 'Cliente Lento',
        nickname: client.nickname,
        apellido: client.nickname,
        fecha_nac: '1990-05-01',
        email: client.email,
        pass: client.pass,
        fono: '912345678',
        genero: 'Masculino',
        ciudad: 'Santiago',
        acepta_terminos: true,
        acepta_datos_sensibles: true,
      },
    });
  });

  it('client login keeps the typed e-mail and password and signs in', async () => {
    const slow = await slowPage();
    const { page, context } = slow;
    await openUnhydrated(page, '/Login/clienteLogin', 'Email');
    await typeInto(page, 'Email', client.email);
    await typeInto(page, 'Contraseña', client.pass);
    await thenHydrate(slow);
    expect(await valueOf(page, 'Email')).toBe(client.email);
    expect(await valueOf(page, 'Contraseña')).toBe(client.pass);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    // A new client is pending validation: the login lands on the pending screen, signed in.
    await page.waitForURL('**/PendienteValidacion', { timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('nickname'))).toBe(client.nickname);
    expect((await context.cookies()).some((c) => c.name === 'encanto_sesion')).toBe(true);
    await context.close();
  });

  it('escort login keeps what autofill put in before hydration and signs in', async () => {
    const escort = await demoEscort();
    const slow = await slowPage();
    const { page, context } = slow;
    await openUnhydrated(page, '/Login/EscortLogin', 'Email');
    // Autofill writes the values without keystrokes.
    await page.evaluate(
      ({ email, pass }) => {
        const [e, p] = Array.from(document.querySelectorAll<HTMLInputElement>('form input'));
        e!.value = email;
        p!.value = pass;
      },
      { email: escort.email, pass: DEMO_PASSWORD },
    );
    await thenHydrate(slow);
    expect(await valueOf(page, 'Email')).toBe(escort.email);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/panel', { timeout: 20_000 });
    await context.close();
  });

  it('admin login keeps every field and signs in', async () => {
    const slow = await slowPage();
    const { page, context } = slow;
    await openUnhydrated(page, '/login-admin', 'Email');
    await typeInto(page, 'Email', E2E_ADMIN.email);
    await typeInto(page, 'Contraseña', E2E_ADMIN.password);
    await thenHydrate(slow);
    expect(await valueOf(page, 'Email')).toBe(E2E_ADMIN.email);
    expect(await valueOf(page, 'Contraseña')).toBe(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await enterAdminCode(page);
    await page.waitForURL('**/pendientes/**', { timeout: 20_000 });
    await context.close();
  });

  for (const [url, email, sent] of [
    ['/OlvidoPassCliente', () => client.email, 'Revisa tu email para obtener una nueva contraseña.'],
    ['/OlvidoPassUsuario', async () => (await demoEscort()).email, 'Revisa tu correo'],
  ] as const) {
    it(`${url} keeps the typed e-mail and sends the mail`, async () => {
      const address = await email();
      const slow = await slowPage();
      const { page, context } = slow;
      await openUnhydrated(page, url, 'Email');
      await typeInto(page, 'Email', address);
      await thenHydrate(slow);
      expect(await valueOf(page, 'Email')).toBe(address);
      await page.getByRole('button', { name: 'Recuperar contraseña' }).click();
      await page.getByText(sent).waitFor({ timeout: 15_000 });
      await context.close();
    });
  }

  it('the recovery step keeps the code and both passwords and changes the password', async () => {
    const before = (await mailsTo(client.email)).map((m) => m.file);
    await call('/cliente/recuperar-pass', { method: 'POST', body: { email: client.email } });
    const code = await recoveryCode(client.email, before);
    const slow = await slowPage();
    const { page, context } = slow;
    await context.addInitScript((address) => {
      localStorage.setItem('emailRecuperacion', address);
    }, client.email);
    await openUnhydrated(page, '/RecuperaPassCliente', 'Contraseña provisoria');
    await typeInto(page, 'Contraseña provisoria', code);
    await typeInto(page, 'Nueva contraseña', 'nueva-clave-9');
    await typeInto(page, 'Repetir contraseña', 'nueva-clave-9');
    await thenHydrate(slow);
    expect(await valueOf(page, 'Contraseña provisoria')).toBe(code);
    expect(await valueOf(page, 'Repetir contraseña')).toBe('nueva-clave-9');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Contraseña actualizada correctamente.').waitFor({ timeout: 15_000 });
    client.pass = 'nueva-clave-9';
    await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL('**/Login/clienteLogin');
    await context.close();
  });

  for (const [url, rutLabel, rut] of [
    ['/registro/cliente', 'RUT o Pasaporte', () => randomRut()],
    ['/registro/RegistroEscort', 'RUT o Pasaporte', () => randomRut()],
  ] as const) {
    it(`${url} keeps every typed field and ticked consent, then registers`, async () => {
      const nick = `r${url.length}${stamp}`;
      const typed = {
        [rutLabel]: rut(),
        'Nombre completo': 'Persona Apurada',
        Nickname: nick,
        Email: `${nick}@correo.cl`,
        Contraseña: 'clave-segura-1',
        'Repetir contraseña': 'clave-segura-1',
        Teléfono: '987654321',
      };
      const slow = await slowPage();
      const { page, context } = slow;
      await openUnhydrated(page, url, 'Nickname');
      for (const [label, text] of Object.entries(typed)) await typeInto(page, label, text);
      await page.getByLabel('Fecha de nacimiento').fill('1991-02-03');
      await page.getByRole('checkbox', { name: /^Acepto los términos de servicio/ }).check();
      await page.getByRole('checkbox', { name: /^Doy mi consentimiento expreso/ }).check();
      await thenHydrate(slow);
      for (const [label, text] of Object.entries(typed)) expect(await valueOf(page, label)).toBe(text);
      expect(await page.getByLabel('Fecha de nacimiento').inputValue()).toBe('1991-02-03');
      expect(await page.getByRole('checkbox', { name: /^Acepto los términos/ }).isChecked()).toBe(true);
      await page.getByLabel('Femenino').check();
      await page.getByLabel('Zona').selectOption('central');
      await page.getByLabel('Región').selectOption('Metropolitana de Santiago');
      await page.getByLabel('Ciudad', { exact: true }).selectOption('Providencia');
      // The availability checks of RUT, nickname and e-mail answer 2 s after their blur.
      await page.locator('form button[type="submit"]:not([disabled])').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Registrarse' }).click();
      await page.waitForURL('**/RegistroExitoso', { timeout: 20_000 });
      await context.close();
    });
  }
});
