import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import { call, callStatus, randomRut } from './helpers/api.ts';
import { baseUrl, releaseBrowser, workerBrowser, openPage, screenshot } from './helpers/browser.ts';
import { waitForMail } from './helpers/mail.ts';

// Decision 0045, in the browser: after ten wrong codes the code alone no longer works, and the mail's
// link (which sends its token with the code) still does. The lock is an account rule in the database,
// so it holds on the e2e server although its rate limits are off.
let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const stamp = Date.now().toString(36).slice(-6);
const client = { nickname: `lck${stamp}`, email: `lck${stamp}@correo.cl`, pass: 'clave123' };

async function hydrated(page: Page) {
  await page.locator('form button[type="submit"]:not([disabled])').first().waitFor({ timeout: 15_000 });
}

/**
 * The `nth` mail to the address that carries a code, from the server's outbox. Mail is queued and sent by
 * the server's worker within its poll interval, so this waits for it.
 */
function recoveryMail(to: string, nth: number): Promise<{ code: string; link: string }> {
  return waitForMail(to, `#${nth} with a recovery code`, (mails) => {
    const withCode = mails.flatMap(({ text }) => {
      const code = /provisoria es (\d{4})/.exec(text)?.[1];
      const link = /(https?:\/\/\S+\/resetear-pass\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
      return code && link ? [{ code, link }] : [];
    });
    return withCode[nth - 1];
  });
}

const wrongFor = (code: string, i: number) => String((Number(code) + i) % 10_000).padStart(4, '0');

describe('recovery lock', () => {
  it('ten wrong codes lock the code; the link from the mail still changes the password', async () => {
    await call('/cliente/registro', {
      method: 'POST',
      body: {
        rut_cliente: randomRut(),
        nombre: 'Persona De Prueba',
        nickname: client.nickname,
        fecha_nac: '1991-05-02',
        email: client.email,
        pass: client.pass,
        fono: '987654321',
        genero: 'Femenino',
        ciudad: 'Providencia',
        acepta_terminos: true,
        acepta_datos_sensibles: true,
        apellido: client.nickname,
        url: '',
      },
    });
    // The attacker: codes asked for and guessed without the mailbox (5 + 5 wrong; the tenth locks).
    for (let round = 0; round < 2; round++) {
      await call('/cliente/recuperar-pass', { method: 'POST', body: { email: client.email } });
      const { code } = await recoveryMail(client.email, round + 1);
      for (let i = 1; i <= 5; i++) {
        const res = await callStatus('/cliente/nueva-pass', {
          method: 'PUT',
          body: { email: client.email, codigoProvisorio: wrongFor(code, i), nuevaPass: 'otra12345' },
        });
        expect(res.status).toBe(round === 1 && i === 5 ? 429 : 400);
      }
    }

    // The owner asks for a code and types it on the recovery screen: refused, and told to use the link.
    await call('/cliente/recuperar-pass', { method: 'POST', body: { email: client.email } });
    const mail = await recoveryMail(client.email, 3);
    const { page, context } = await openPage(browser);
    await page.goto('/Login');
    await page.evaluate((email) => localStorage.setItem('emailRecuperacion', email), client.email);
    await page.goto('/RecuperaPassCliente');
    await hydrated(page);
    await page.getByLabel('Contraseña provisoria').fill(mail.code);
    await page.getByLabel('Nueva contraseña').fill('nueva12345');
    await page.getByLabel('Repetir contraseña').fill('nueva12345');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(msg.recoveryLocked).waitFor();
    await screenshot(page, 'recovery-locked-phone');

    // Through the mail's link the same code works.
    await page.goto(mail.link.replace(baseUrl(), ''));
    await hydrated(page);
    await page.getByText(client.email).waitFor();
    await page.getByLabel('Contraseña provisoria').fill(mail.code);
    await page.getByLabel('Nueva contraseña').fill('nueva12345');
    await page.getByLabel('Repetir contraseña').fill('nueva12345');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(msg.passwordUpdated).waitFor();
    await context.close();
    const login = await callStatus('/cliente/login', {
      method: 'POST',
      body: { email: client.email, pass: 'nueva12345' },
    });
    expect(login.status).toBe(200);
  });
});
