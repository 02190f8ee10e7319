import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  call,
  loginAdmin,
  portrait,
  type Person,
  loginThroughForm,
  E2E_PASSWORD,
  newAccount,
  listedEscort,
} from './helpers/api.ts';
import {
  desktop,
  gotoHydrated,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
} from './helpers/browser.ts';
import { waitForMail } from './helpers/mail.ts';

const login = (page: Page, person: Person) => loginThroughForm(page, person, E2E_PASSWORD);

/** Elements of the safety sections wider than the viewport (sideways scroll), by tag and class. */
async function overflowing(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#verificar-fotos *, #aviso-seguridad *, .safety-item *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 10),
  );
}

let browser: Browser;
let escort: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  // Listed: the listing below shows her badge.
  escort = await listedEscort(newAccount('sf'));
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('verified photos', () => {
  it('escort sends a selfie with the code, the admin approves, the card shows the badge', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page, escort);
    await page.goto('/panel/fotos');
    const section = page.locator('section#verificar-fotos');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Obtener código' }).click();
    const code = (await section.locator('.safety-code').innerText()).trim();
    expect(code).toMatch(/^ENCANTO-[A-Z2-9]{4}$/);
    await section.locator('input[type="file"]').setInputFiles({
      name: 'selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait('#884455', '#ddaa99'),
    });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'safety-selfie-code-phone');
    await section.getByRole('button', { name: 'Enviar selfie' }).click();
    await section.getByText('Selfie enviada.', { exact: false }).waitFor();
    await section.getByText('Tu selfie está en revisión', { exact: false }).waitFor();
    await screenshot(page, 'safety-selfie-sent-phone');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflowing(page)).toEqual([]);
    await context.close();

    const admin = await openPage(browser, desktop);
    await loginAdmin(admin.page);
    await admin.page.getByRole('link', { name: 'Fotos' }).click();
    const item = admin.page.locator('.safety-item', { hasText: escort.nickname });
    await item.waitFor();
    await expect(item.getByText(code).isVisible()).resolves.toBe(true);
    await item.locator('img[alt="Selfie con el código"]').waitFor();
    await screenshot(admin.page, 'safety-admin-photos-desktop');
    await item.getByRole('button', { name: 'Aprobar fotos' }).click();
    await admin.page.getByText('Fotos verificadas.', { exact: true }).waitFor();
    await admin.page.setViewportSize(phone);
    await screenshot(admin.page, 'safety-admin-photos-phone');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    for (const [viewport, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      const visitor = await openPage(browser, viewport);
      await visitor.page.goto(`/Card/${escort.nickname}`);
      await visitor.page.locator('.photo-badge', { hasText: 'Fotos verificadas' }).waitFor();
      await screenshot(visitor.page, `safety-card-badge-${name}`);
      await visitor.context.close();
    }
    const card = await call<{ fotos_verificadas: boolean }>(`/usuario/publico/${escort.nickname}`);
    expect(card.fotos_verificadas).toBe(true);
    // The listing's filter bar offers the filter, and her listing card carries the compact badge.
    const lister = await openPage(browser, phone);
    await gotoHydrated(lister.page, '/Escort');
    await lister.page.getByRole('button', { name: /^Filtros/ }).click();
    await lister.page.getByLabel('Fotos verificadas').check();
    await lister.page.getByRole('button', { name: 'Filtrar' }).click();
    await lister.page.waitForURL((u) => u.search === '?fotos_verificadas=true');
    const listed = lister.page.locator('.escort-card', {
      has: lister.page.locator(`a[href="/Card/${escort.nickname}"]`),
    });
    await listed.locator('.photo-badge-compact', { hasText: 'Fotos verificadas' }).waitFor();
    await listed.scrollIntoViewIfNeeded();
    await screenshot(lister.page, 'safety-listing-badge-phone');
    await lister.page.setViewportSize({ width: 320, height: 700 });
    expect(await lister.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await lister.page.setViewportSize(desktop);
    await listed.scrollIntoViewIfNeeded();
    await screenshot(lister.page, 'safety-listing-badge-desktop');
    expect(lister.errors).toEqual([]);
    await lister.context.close();
    expect(errors).toEqual([]);
  });
});

describe('signals', () => {
  it('the admin sees groups with shared data and dismisses one with a note', async () => {
    // Two more profiles with the escort's phone: a "same phone" group.
    const token = await adminToken();
    await approvedAccount('usuario', token, newAccount('sg'));
    const { page, errors } = await openPage(browser, desktop);
    await loginAdmin(page);
    await page.getByRole('link', { name: /Señales/ }).click();
    // The e2e accounts also share a document picture (one helper image): find the phone group.
    const group = page
      .locator('.safety-item', { hasText: escort.nickname })
      .filter({ has: page.getByRole('heading', { name: /Mismo teléfono/ }) });
    await group.first().waitFor();
    await screenshot(page, 'safety-signals-desktop');
    await page.setViewportSize(phone);
    await screenshot(page, 'safety-signals-phone');
    expect(await overflowing(page)).toEqual([]);
    await group
      .first()
      .getByLabel('Nota para descartar')
      .fill('Revisado: misma agencia de fotos, no es suplantación');
    await group.first().getByRole('button', { name: 'Descartar' }).click();
    await page.getByText('Señal descartada.', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('safety check-in', () => {
  it('starts and closes a check-in', async () => {
    const { page, errors } = await openPage(browser, phone);
    await login(page, escort);
    const section = page.locator('section#aviso-seguridad');
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Confirmaré que estoy bien en').selectOption('1');
    await section.getByLabel('Correo de tu contacto de confianza').fill('amiga.segura@e2e.cl');
    await section.getByLabel('Nota para tu contacto (opcional)').fill('Hotel del centro, habitación 512');
    await section.getByRole('button', { name: 'Activar aviso' }).click();
    await section.getByText('Aviso de seguridad activado.').waitFor();
    await section.getByText('aún no confirma', { exact: false }).waitFor();
    await section.locator('.safety-item').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'safety-checkin-phone');
    await section.getByRole('button', { name: 'Estoy bien' }).click();
    await section.getByText('Qué bueno que estás bien', { exact: false }).waitFor();
    await section.getByText('Cerrado: estabas bien', { exact: false }).waitFor();
    await page.setViewportSize(desktop);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'safety-checkin-desktop');
    expect(errors).toEqual([]);

    const contact = await openPage(browser, phone);
    await contact.page.goto('/ContactoSeguridad?token=enlace-de-prueba-123');
    await contact.page.getByRole('button', { name: 'Acepto ser contacto de confianza' }).waitFor();
    await screenshot(contact.page, 'safety-contact-phone');
    await contact.context.close();
  });

  it('the contact refuses all mail from the link in the invitation; she is told to choose someone else', async () => {
    // The invitation of the test above, as the outbox worker wrote it (.eml, quoted-printable).
    const invite = await mailText('amiga.segura@e2e.cl', 'ContactoSeguridad/baja');
    expect(invite).toContain(escort.nickname);
    expect(invite).not.toContain('Hotel del centro');
    const link = /https?:\/\/\S+?\/ContactoSeguridad\/baja\?t=[\w.%-]+/.exec(invite)![0];
    const contact = await openPage(browser, phone);
    await gotoHydrated(contact.page, new URL(link).pathname + new URL(link).search);
    await contact.page.getByRole('button', { name: 'No quiero recibir más correos' }).click();
    await contact.page.getByTestId('refusal-result').waitFor();
    await screenshot(contact.page, 'safety-contact-refused-phone');
    expect(contact.errors).toEqual([]);
    await contact.context.close();

    const { page, errors } = await openPage(browser, phone);
    await login(page, escort);
    const section = page.locator('section#aviso-seguridad');
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Correo de tu contacto de confianza').fill('amiga.segura@e2e.cl');
    await section.getByRole('button', { name: 'Activar aviso' }).click();
    await section.getByText(msg.checkinContactRefused).waitFor();
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});

/** The newest mail to an address that contains `about`, decoded from the server's outbox. */
function mailText(to: string, about: string): Promise<string> {
  return waitForMail(
    to,
    `with ${about}`,
    (mails) => mails.reverse().find((m) => m.text.includes(about))?.text,
  );
}
