import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type Person, loginThroughForm, listedEscort, newAccount } from './helpers/api.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';

const PASSWORD = 'encanto123';

let browser: Browser;
let escort: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  // Listed: the listing below must find her.
  escort = await listedEscort({
    ...newAccount('pd'),
    nombre: 'Antonia Pérez Lagos',
    fono: '912345678',
    pass: PASSWORD,
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const login = (page: Page) => loginThroughForm(page, escort, PASSWORD);

describe('profile details (decision 0103)', () => {
  it('the escort fills Detalles in /panel/perfil; her card shows them; the servicio filter finds her', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page);
    await page.goto('/panel/perfil');
    const tarifa = page.getByLabel('Tarifa desde (CLP)');
    await tarifa.waitFor({ timeout: 15_000 });
    await page.locator('html[data-hydrated]').waitFor({ timeout: 15_000 });

    // A rate below the minimum is refused in Spanish before anything is sent.
    await tarifa.pressSequentially('5000');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(/La tarifa debe ser un número entero de pesos/).waitFor();

    await tarifa.fill('');
    await tarifa.pressSequentially('85000');
    await expect(tarifa.inputValue()).resolves.toBe('85.000');
    await page.getByText('Se verá: Desde $85.000.').waitFor();
    await page.getByText('Despedidas', { exact: true }).click();
    await page.getByText('Masajes', { exact: true }).click();
    await page.getByText('Inglés', { exact: true }).click();
    await page.getByText('A domicilio', { exact: true }).click();
    const horario = page.getByLabel('Horario');
    await horario.fill('Martes a sábado, desde las 20:00');
    await expect(page.locator('.horario-count').innerText()).resolves.toBe('32/200');
    await screenshot(page, 'profile-details-form-phone');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Datos actualizados correctamente.').waitFor();

    // The saved values come back into the form.
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ timeout: 15_000 });
    await expect(page.getByLabel('Tarifa desde (CLP)').inputValue()).resolves.toBe('85.000');
    await expect(page.getByRole('checkbox', { name: 'Despedidas' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'A domicilio' }).isChecked()).resolves.toBe(true);

    // The public card, rendered by the server.
    const visitor = await openPage(browser, phone);
    await visitor.page.goto(`/Card/${escort.nickname}`);
    const details = visitor.page.getByRole('region', { name: 'Detalles' });
    await details.getByText('Desde $85.000').waitFor();
    await expect(details.getByRole('listitem').allInnerTexts()).resolves.toEqual(['Masajes', 'Despedidas']);
    await details.getByText('A domicilio').waitFor();
    await details.getByText('Español').or(details.getByText('Inglés')).first().waitFor();
    await details.getByText('Martes a sábado, desde las 20:00').waitFor();
    await details.scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'profile-details-card-phone');

    // The listing filtered by servicio (and where she receives) finds her, with her rate on the card.
    await visitor.page.goto('/Escort/Santiago?servicio=despedidas&atiende=a_domicilio');
    const card = visitor.page.locator('.escort-card', { hasText: 'Desde $85.000' });
    await card.first().waitFor({ timeout: 15_000 });
    await expect(visitor.page.locator('details.filter-more').getAttribute('open')).resolves.not.toBeNull();
    await screenshot(visitor.page, 'profile-details-listing-phone');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the filter bar applies "Más filtros" from the form, and at 1366 px the card and form look right', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await page.goto('/Escort/Santiago');
    await page.locator('html[data-hydrated]').waitFor({ timeout: 15_000 });
    await page.getByText('Más filtros').click();
    await page.getByLabel('Tarifa máxima').selectOption('100000');
    await page.locator('.filter-more').getByText('Despedidas', { exact: true }).click();
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/servicio=despedidas/);
    expect(new URL(page.url()).searchParams.get('tarifa_max')).toBe('100000');
    await page.locator('.escort-card', { hasText: 'Desde $85.000' }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'profile-details-listing-desktop');
    await page.goto(`/Card/${escort.nickname}`);
    await page.getByRole('region', { name: 'Detalles' }).waitFor();
    await page.getByRole('region', { name: 'Detalles' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-details-card-desktop');
    await login(page);
    await page.goto('/panel/perfil');
    await page.getByLabel('Tarifa desde (CLP)').scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-details-form-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
