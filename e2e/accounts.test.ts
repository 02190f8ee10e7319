import { mailMatching } from './helpers/mail.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ageNoticeStorageKey } from '@encanto/core/constants';
import { enterAdminCode, randomRut as rut } from './helpers/api.ts';
import {
  baseUrl,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';
import { E2E_ADMIN } from './helpers/global-setup.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** Chromium logs every 4xx answer as a console error; the spec's checks answer 404 on purpose. */
const appErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

const stamp = Date.now().toString(36).slice(-5);
const client = { nickname: `cli${stamp}`, email: `cli${stamp}@correo.cl`, pass: 'clave123' };
const escort = {
  nickname: `esc${stamp}`,
  email: `esc${stamp}@correo.cl`,
  pass: 'rosa777',
  newPass: 'nueva1234',
};

/** Forms keep their submit button disabled until the app has hydrated. */
async function hydrated(page: Page) {
  await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
}

async function fillCommon(
  page: Page,
  data: { nickname: string; email: string; pass: string },
  genero: string,
) {
  await page.getByLabel('Nombre completo').fill('Persona De Prueba');
  await page.getByLabel('Fecha de nacimiento').fill('1992-03-14');
  await page.getByLabel('Email', { exact: true }).fill(data.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(data.pass);
  await page.getByLabel('Repetir contraseña').fill(data.pass);
  await page.getByLabel('Teléfono').pressSequentially('9a8 7-654321');
  await page.getByLabel(genero).check();
  await page.getByLabel('Zona').selectOption('central');
  await page.getByLabel('Región').selectOption('Metropolitana de Santiago');
  await page.getByLabel('Ciudad', { exact: true }).selectOption('Providencia');
  await page.getByRole('checkbox', { name: /^Acepto los términos de servicio/ }).check();
  await page.getByRole('checkbox', { name: /^Doy mi consentimiento expreso/ }).check();
}

/** The newest recovery mail to an address: its code and link. */
async function recoveryMail(to: string): Promise<{ code: string; link: string }> {
  const [, code, link] = await mailMatching(
    to,
    /provisoria es (\d{4})[\s\S]*?(https?:\/\/\S+\/resetear-pass\/[A-Za-z0-9_-]+)/,
  );
  return { code: code!, link: link! };
}

describe('accounts journeys', () => {
  it('login and registration screens look finished on phone and desktop', async () => {
    for (const viewport of [phone, desktop]) {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto('/Login');
      await hydrated(page);
      await expect(page.locator('h1').innerText()).resolves.toBe('Ingresar - Cliente');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `login-${viewport.width}`);
      await page.getByRole('link', { name: 'ESCORT', exact: true }).click();
      await page.waitForURL('**/Login/EscortLogin');
      await page.getByRole('heading', { name: 'Ingresar - Escort' }).waitFor();
      await page.goto('/registro');
      await hydrated(page);
      await expect(page.locator('h1').innerText()).resolves.toBe('Registro Cliente');
      await screenshot(page, `registro-${viewport.width}`);
      await page.getByRole('link', { name: 'ESCORT', exact: true }).click();
      await page.getByRole('heading', { name: 'Registro Escort' }).waitFor();
      await page.locator('.account-tab.active', { hasText: 'ESCORT' }).waitFor();
      await screenshot(page, `registro-escort-${viewport.width}`);
      await page.goto('/login-admin');
      await hydrated(page);
      await expect(page.locator('h1').innerText()).resolves.toBe('ADMINISTRADOR');
      await screenshot(page, `login-admin-${viewport.width}`);
      expect(appErrors(errors)).toEqual([]);
      await context.close();
    }
  });

  it('registers a client: filters, availability spinner, success screen, signed in on the pending screen', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/registro/cliente');
    await hydrated(page);
    await page.getByLabel('RUT o Pasaporte').fill(rut());
    await page.getByLabel('Nickname').pressSequentially(`Cli ${stamp}!`);
    // Never changed behind her back: the value stays as typed, the rule is named, the fix is offered.
    await expect(page.getByLabel('Nickname').inputValue()).resolves.toBe(`Cli ${stamp}!`);
    await page.getByLabel('Nickname').press('Tab');
    await page.getByText('Usa solo minúsculas en el nickname.').waitFor();
    await page.getByRole('button', { name: `Usar «${client.nickname}»` }).click();
    await expect(page.getByLabel('Nickname').inputValue()).resolves.toBe(client.nickname);
    // The check waits 2 s after blur with a spinner, then answers.
    await page
      .getByRole('status', { name: 'Verificando disponibilidad' })
      .first()
      .waitFor({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Registrarse' }).isDisabled()).resolves.toBe(true);
    await page.getByText('Disponible').first().waitFor({ timeout: 15_000 });
    await page.getByLabel('Email', { exact: true }).pressSequentially(`cli ${stamp}@correo.cl`);
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(client.email);
    await fillCommon(page, client, 'Masculino');
    await expect(page.getByLabel('Teléfono').inputValue()).resolves.toBe('987654321');
    await page.getByText('Disponible').nth(1).waitFor({ timeout: 15_000 });
    await screenshot(page, 'registro-cliente-filled-phone');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL('**/RegistroExitoso');
    await page.getByText('¡Registro exitoso!').waitFor();
    await page.getByText(client.nickname, { exact: true }).waitFor();
    await page.getByText('Redirigiendo...').waitFor();
    await expect(page.getByRole('progressbar').count()).resolves.toBe(1);
    await screenshot(page, 'registro-exitoso-phone');
    const started = Date.now();
    // Signed in by the registration itself (decision 0090): no second login, straight to the pending screen.
    await page.waitForURL('**/PendienteValidacion', { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(1500);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toMatchObject({ nickname: client.nickname, tipo: 'cliente' });
    // The session is the HttpOnly cookie (decision 0108): no script can read the token.
    expect(stored.token).toBeUndefined();
    expect((await context.cookies()).find((c) => c.name === 'encanto_sesion')?.httpOnly).toBe(true);
    await page.getByRole('button', { name: `[${client.nickname}]` }).waitFor();
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows the rule messages and refuses a taken nickname', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/registro/RegistroEscort');
    await hydrated(page);
    await page.getByLabel('RUT o Pasaporte', { exact: true }).pressSequentially('12.345.678-9 /');
    await expect(page.getByLabel('RUT o Pasaporte', { exact: true }).inputValue()).resolves.toBe(
      '12.345.678-9',
    );
    await page.getByLabel('Nickname').fill(client.nickname);
    await page.getByLabel('Nombre completo').focus();
    await page.getByText('¡Ya existe, ingresa otro!').waitFor({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Registrarse' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Formato de RUT no válido.').isVisible()).resolves.toBe(true);
    const max = await page.getByLabel('Fecha de nacimiento').getAttribute('max');
    const { latestAdultBirthDate } = await import('@encanto/core/age');
    expect(max).toBe(latestAdultBirthDate(new Date()));
    await page.getByLabel('Nickname').fill('');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByText('Por favor, corrige los errores antes de enviar.').waitFor();
    await page.getByText('El nickname es obligatorio y no puede estar vacío.').waitFor();
    await screenshot(page, 'registro-escort-errors-phone');
    await context.close();
  });

  it('logs in a pending client and lands on /PendienteValidacion', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/Login/clienteLogin');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill('nadie@correo.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('El correo no existe.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('mala1234');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    // A wrong password in the spec's words on the client tab too (decision 0140).
    await page.getByText('Credenciales incorrectas. Por favor, intenta nuevamente.').waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill(client.pass);
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(page.getByLabel('Contraseña', { exact: true }).getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/PendienteValidacion');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toMatchObject({ nickname: client.nickname, email: client.email, tipo: 'cliente' });
    expect(stored.token).toBeUndefined();
    expect((await context.cookies()).find((c) => c.name === 'encanto_sesion')?.httpOnly).toBe(true);
    expect(stored.rut_cliente).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(client.pass);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('registers an escort, recovers the password through the mailed code, logs in and out', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/registro/RegistroEscort');
    await hydrated(page);
    await page.getByLabel('RUT o Pasaporte', { exact: true }).fill(rut());
    await page.getByLabel('Nickname').fill(escort.nickname);
    await fillCommon(page, escort, 'Femenino');
    await page.getByText('Disponible').first().waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-label="Verificando disponibilidad"]'));
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL('**/RegistroExitoso');
    await page.waitForURL('**/PendienteValidacion', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('tipo'))).toBe('usuario');
    // The rest happens as on another device, signed out.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/Login/EscortLogin');
    await hydrated(page);

    // Forgot password: the button locks for 5 s; the mail carries the code and the link.
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/OlvidoPassUsuario');
    await page.getByRole('heading', { name: 'Ingresa tu email' }).waitFor();
    await page.getByLabel('Email', { exact: true }).pressSequentially(`esc ${stamp}@correo.cl`);
    await page.getByRole('button', { name: 'Recuperar contraseña' }).click();
    await page.getByText('Revisa tu correo para obtener la contraseña provisoria.').waitFor();
    await expect(page.getByRole('button', { name: 'Recuperar contraseña' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'olvido-pass-phone');
    await page.waitForURL('**/Login/EscortLogin', { timeout: 15_000 });
    const mail = await recoveryMail(escort.email);
    expect(mail.link.startsWith(`${baseUrl()}/usuario/resetear-pass/`)).toBe(true);

    await page.goto(mail.link.replace(baseUrl(), ''));

    await hydrated(page);
    await page.getByText(escort.email).waitFor();
    await page.getByLabel('Contraseña provisoria').pressSequentially(`${mail.code}9`);
    await expect(page.getByLabel('Contraseña provisoria').inputValue()).resolves.toBe(mail.code);
    await page.getByLabel('Nueva contraseña').fill(escort.newPass);
    await page.getByLabel('Repetir contraseña').fill('otra1234');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden.').waitFor();
    await page.getByLabel('Repetir contraseña').fill(escort.newPass);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Contraseña actualizada correctamente.').waitFor();
    // The way in right away, besides the redirect.
    await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).waitFor();
    await screenshot(page, 'recupera-pass-phone');
    await page.waitForURL('**/Login/EscortLogin', { timeout: 15_000 });
    await expect(page.evaluate(() => localStorage.getItem('emailRecuperacion'))).resolves.toBeNull();

    // The old password no longer works; the new one does. A pending escort keeps tipo=usuario.
    await page.getByLabel('Email', { exact: true }).fill(escort.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(escort.pass);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('Credenciales incorrectas. Por favor, intenta nuevamente.').waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill(escort.newPass);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.waitForURL('**/PendienteValidacion');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toMatchObject({ tipo: 'usuario', nickname: escort.nickname, tipo_perfil: 'usuario' });

    // Salir clears the storage, revokes the session on the server, clears its cookie and returns to /.
    const token = (await context.cookies()).find((c) => c.name === 'encanto_sesion')!.value;
    await page.getByRole('button', { name: `[${escort.nickname}]` }).click();
    await expect(page.getByRole('menuitem', { name: 'Perfil' }).count()).resolves.toBe(1);
    await expect(page.getByRole('menuitem', { name: 'Favoritos' }).count()).resolves.toBe(0);
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Every session key is gone; only the device's 18+ answer stays.
    await expect(page.evaluate(() => Object.keys(localStorage))).resolves.toEqual([ageNoticeStorageKey]);
    expect((await context.cookies()).some((c) => c.name === 'encanto_sesion')).toBe(false);
    const res = await fetch(`${baseUrl()}/api/usuario/profile/${encodeURIComponent(stored.rut_usuario!)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('admin login asks only e-mail and password (the route knows the role) and lands on /pendientes', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/Admin');
    await hydrated(page);
    await expect(page.getByLabel('Tipo de perfil').count()).resolves.toBe(0);
    await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await enterAdminCode(page);
    await page.waitForURL('**/pendientes/**');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).toMatchObject({ tipo: 'admin', tipo_perfil: 'admin' });
    await context.close();
  });
});
