import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  approvedAccount,
  call,
  portrait,
  type NewAccount,
  type Person,
  loginThroughForm,
} from './helpers/api.ts';
import {
  baseUrl,
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
  type TrackedPage,
} from './helpers/browser.ts';

const PASSWORD = 'encanto123';

/** Registration data and identity document of this file's accounts. */
const account = (prefix: string): NewAccount => ({
  prefix,
  nombre: 'Valentina Rojas Soto',
  fecha_nac: '1996-04-12',
  fono: '912345678',
  genero: 'Femenino',
  pass: PASSWORD,
  document: () => portrait('#555555', '#999999'),
});

const login = (page: Page, person: Person) => loginThroughForm(page, person, PASSWORD);

async function apiToken(person: Person): Promise<string> {
  return (
    await call<{ token: string }>(`/${person.kind}/login`, {
      method: 'POST',
      body: { email: person.email, pass: PASSWORD },
    })
  ).token;
}

let browser: Browser;
let escort: Person;
let client: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  escort = await approvedAccount('usuario', admin, account('pe'));
  client = await approvedAccount('cliente', admin, account('pc'));
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('escort area (/panel)', () => {
  it('lands after login, formats medidas as typed, saves the data form', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page, escort);
    expect(new URL(page.url()).pathname).toBe('/panel');
    await page.getByRole('heading', { name: 'ACTUALIZAR ESTADO' }).waitFor();
    await expect(page.getByTestId('estado-actual').innerText()).resolves.toBe('Disponible');
    // Verified account: no link to the document upload, a plain "Cuenta verificada".
    await expect(page.getByRole('link', { name: /Verificar cuenta/i }).count()).resolves.toBe(0);
    await expect(page.getByText('Cuenta verificada').isVisible()).resolves.toBe(true);
    await screenshot(page, 'profile-escort-phone-top');
    await page
      .getByRole('navigation', { name: 'Secciones de mi panel' })
      .getByRole('link', { name: 'Perfil' })
      .click();
    await page.waitForURL('**/panel/perfil');

    for (const label of ['Nombre', 'Fecha de Nacimiento', 'Correo Electrónico', 'Género', 'Ciudad']) {
      await expect(
        page.getByRole('textbox', { name: label, exact: true }).getAttribute('readonly'),
      ).resolves.not.toBeNull();
    }
    await expect(page.getByLabel('Correo Electrónico').inputValue()).resolves.toBe(escort.email);

    const medidas = page.getByLabel('Medidas');
    await medidas.click();
    await medidas.pressSequentially('906090');
    await expect(medidas.inputValue()).resolves.toBe('90/60/90');

    await page.getByLabel('Nombre para Mostrar').fill('Valentina');
    const legenda = page.getByLabel('Leyenda');
    await legenda.fill('<b>Hola</b>, soy Valentina.');
    await expect(page.locator('.legenda-count').innerText()).resolves.toBe('27/1000');
    const fono = page.getByRole('textbox', { name: 'Teléfono', exact: true });
    await fono.fill('');
    await fono.pressSequentially('98765x4321');
    await expect(fono.inputValue()).resolves.toBe('987654321');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Datos actualizados correctamente.').waitFor();
    await screenshot(page, 'profile-escort-phone-data');

    const saved = await call<{ medidas: string; legenda: string; apellido: string; fono: string }>(
      `/usuario/profile/${encodeURIComponent(escort.rut)}`,
      { token: await apiToken(escort) },
    );
    expect(saved).toMatchObject({
      medidas: '90/60/90',
      legenda: '<b>Hola</b>, soy Valentina.',
      apellido: 'Valentina',
      fono: '987654321',
    });

    // The legenda stays text, and Resumen's name follows the new display name.
    await page.reload();
    await expect(page.getByLabel('Leyenda').inputValue()).resolves.toBe('<b>Hola</b>, soy Valentina.');
    await page.goto('/panel');
    await expect(page.locator('.profile-sidebar-name').innerText()).resolves.toBe('Valentina');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles estado through /ModificaEstado, which returns to Resumen after about 2 s', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page, escort);
    await page.getByRole('button', { name: 'Cambiar a inactiva' }).click();
    await page.waitForURL('**/ModificaEstado');
    const arrived = Date.now();
    await page.getByRole('heading', { name: 'Estado actualizado' }).waitFor();
    await expect(page.getByText('Tu estado ahora es: Inactiva.').isVisible()).resolves.toBe(true);
    await screenshot(page, 'profile-modifica-estado-phone');
    await page.waitForURL('**/panel', { timeout: 15_000 });
    expect(Date.now() - arrived).toBeGreaterThan(1500);
    await expect(page.getByTestId('estado-actual').innerText()).resolves.toBe('Inactiva');

    // Inactive escorts leave the listings.
    const latest = (await call<{ nickname: string }[]>('/usuario/ciudad/Santiago')).map((c) => c.nickname);
    expect(latest).not.toContain(escort.nickname);

    await page.getByRole('button', { name: 'Cambiar a disponible' }).click();
    await page.waitForURL('**/ModificaEstado');
    await page.waitForURL('**/panel', { timeout: 15_000 });
    await expect(page.getByTestId('estado-actual').innerText()).resolves.toBe('Disponible');

    // A refusal shows the server's message for 4 s and stays on the profile; no answer at all shows the default.
    await page.route('**/api/usuario/estado/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ mensaje: 'Cambio rechazado por el servidor.', code: 'X' }),
      }),
    );
    await page.getByRole('button', { name: 'Cambiar a inactiva' }).click();
    const refused = page.getByText('Cambio rechazado por el servidor.');
    await refused.waitFor();
    const shown = Date.now();
    await refused.waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - shown).toBeGreaterThan(3000);
    expect(new URL(page.url()).pathname).toBe('/panel');
    await page.unroute('**/api/usuario/estado/**');
    await page.route('**/api/usuario/estado/**', (route) => route.fulfill({ status: 502, body: '' }));
    await page.getByRole('button', { name: 'Cambiar a inactiva' }).click();
    await page.getByText('No se pudo cambiar el estado', { exact: true }).waitFor();
    await page.unroute('**/api/usuario/estado/**');
    expect(errors.filter((e) => !/status of (403|502)/.test(e))).toEqual([]);
    await context.close();
  });

  it('changes the city on /CambiarCiudad with the spec’s messages', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page, escort);
    await page.goto('/CambiarCiudad');
    await page.getByRole('heading', { name: 'Actualizar Ciudad' }).waitFor();
    await page.getByRole('button', { name: 'Cambiar Ciudad' }).click();
    const empty = page.getByText('Debes seleccionar una ciudad para actualizar.');
    await empty.waitFor();
    // City messages last 2 s.
    await empty.waitFor({ state: 'detached', timeout: 15_000 });

    await page.getByLabel('Zona').selectOption('sur');
    await page.getByLabel('Región').selectOption('Los Ríos');
    await page.getByRole('combobox', { name: 'Ciudad', exact: true }).selectOption('Valdivia');
    await screenshot(page, 'profile-cambiar-ciudad-phone');
    await page.getByRole('button', { name: 'Cambiar Ciudad' }).click();
    await page.getByText('Ciudad actualizada a Valdivia.').waitFor();
    // The message comes with the answer; the profile behind 'Ciudad actual' is refetched just after.
    await expect.poll(() => page.getByTestId('ciudad-actual').innerText()).toBe('Valdivia');
    // Her card moves with her (the listing waits for a photo of her own: decision 0153).
    const card = await call<{ ciudad: string }>(`/usuario/publico/${escort.nickname}`);
    expect(card.ciudad).toBe('Valdivia');

    await page.goto('/panel/perfil');
    await expect(page.getByRole('textbox', { name: 'Ciudad', exact: true }).inputValue()).resolves.toBe(
      'Valdivia',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads a photo with progress, replaces it in one step, deletes it after confirming (files gone)', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page, escort);
    await page.goto('/panel/fotos');
    const section = page.locator('#cambiar-foto');
    await section.getByRole('heading', { name: 'CAMBIAR FOTO PERFIL' }).waitFor();
    await expect(section.getByText('Ingresar URL').isVisible()).resolves.toBe(true);
    await expect(section.getByText('Buscar una imagen').isVisible()).resolves.toBe(true);

    // Without a file: the spec's message.
    await section.getByRole('button', { name: 'Cargar imagen' }).click();
    await section.getByText('No se seleccionó archivo o no se encontró el nickname.').waitFor();

    await section.getByLabel('Elegir imagen').setInputFiles({
      name: 'yo.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait('#9f1239', '#fda4af'),
    });
    await expect(section.getByText(/^yo\.jpg/).isVisible()).resolves.toBe(true);
    // A slow uplink (like mobile data) so the progress bar can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 24 * 1024,
    });
    await section.getByRole('button', { name: 'Cargar imagen' }).click();
    const bar = section.getByRole('progressbar', { name: 'Progreso de la carga' });
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await section.getByText('Imagen subida exitosamente.').waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await bar.waitFor({ state: 'detached' });
    const avatar = section.locator('.profile-avatar img');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/media\/.+-640\.webp$/);
    const src = (await avatar.getAttribute('src'))!;
    expect((await fetch(`${baseUrl()}${src}`)).status).toBe(200);
    await screenshot(page, 'profile-escort-phone-photo');

    // A second photo replaces the first in one step: the card always has one.
    await section.getByLabel('Elegir imagen').setInputFiles({
      name: 'otra.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait('#1e3a8a', '#93c5fd'),
    });
    await section.getByRole('button', { name: 'Reemplazar foto' }).click();
    await section.getByText('Foto de perfil reemplazada.').waitFor();
    await expect.poll(() => avatar.getAttribute('src')).not.toBe(src);
    const replaced = (await avatar.getAttribute('src'))!;
    expect((await fetch(`${baseUrl()}${replaced}`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}${src}`)).status).toBe(404);

    // Deleting asks first; Cancelar keeps the photo.
    await section.getByRole('button', { name: 'Eliminar imagen' }).click();
    await section.getByRole('button', { name: 'Cancelar' }).click();
    await expect(avatar.getAttribute('src')).resolves.toBe(replaced);
    await section.getByRole('button', { name: 'Eliminar imagen' }).click();
    await screenshot(page, 'profile-escort-phone-photo-confirm');
    await section.getByRole('button', { name: 'Sí, eliminar' }).click();
    await section.getByText('Imagen eliminada exitosamente.').waitFor();
    await expect.poll(() => avatar.getAttribute('src')).toBe('/assets/avatars/femenino.svg');
    expect((await fetch(`${baseUrl()}${replaced}`)).status).toBe(404);

    // The url path: an external address.
    await section.getByText('Ingresar URL').click();
    await section.getByRole('button', { name: 'Ingresar URL' }).click();
    await section.getByText('Debes ingresar una URL de imagen.').waitFor();
    // The server downloads a link once, from public addresses only (decision 0051).
    await section.getByLabel('URL de la imagen').fill('http://169.254.169.254/latest/meta-data/');
    await section.getByRole('button', { name: 'Ingresar URL' }).click();
    await section.getByText(/Esa URL apunta a una dirección privada o local/).waitFor();
    await expect(avatar.getAttribute('src')).resolves.toBe('/assets/avatars/femenino.svg');
    // The refused link is a 400 the browser logs; nothing else may be.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('looks finished on desktop; the old /profileUsuario and /ImagenesUsuario redirect into the area', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await login(page, escort);
    const moved = await page.goto('/profileUsuario');
    expect(moved!.request().redirectedFrom()).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/panel');
    await page.getByRole('heading', { name: 'ACTUALIZAR ESTADO' }).waitFor();
    await screenshot(page, 'profile-escort-desktop');
    await page.goto('/ImagenesUsuario');
    expect(new URL(page.url()).pathname).toBe('/panel/fotos');
    // The menu leads to each section's own page.
    await page.getByRole('link', { name: 'Cuenta', exact: true }).click();
    await page.waitForURL('**/panel/cuenta');
    await page.getByRole('heading', { name: 'CAMBIAR CONTRASEÑA' }).waitFor();
    await screenshot(page, 'profile-escort-desktop-password');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the own-profile screens send a visitor without a session to /Login', async () => {
    const { page, context } = await openPage(browser, phone);
    for (const path of [
      '/ProfileUsuario',
      '/panel/fotos',
      '/mi-cuenta/perfil',
      '/CambiarCiudad',
      '/ModificaEstado',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/Login**');
    }
    await context.close();
  });
});

describe('client area (/mi-cuenta)', () => {
  it('shows the loading text, then edits the phone only after ticking the checkbox', async () => {
    const { page, errors, context } = await openPage(browser, phone);
    await login(page, client);
    // A page opened directly arrives rendered with her data (decision 0111); the loading text shows when she
    // moves to it inside the app. The profile's answer is held until that text has been seen.
    await page.goto('/mi-cuenta/favoritos');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
    let answer = () => {};
    const loadingSeen = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/cliente/profile/**', async (route) => {
      await loadingSeen;
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Secciones de mi cuenta' })
      .getByRole('link', { name: 'Perfil' })
      .click();
    await page.getByText('Cargando perfil del cliente...').waitFor();
    answer();
    await page.getByRole('heading', { name: 'ACTUALIZAR DATOS' }).waitFor();

    for (const label of ['Nombre', 'Alias', 'Fecha de Nacimiento', 'Correo Electrónico']) {
      await expect(page.getByLabel(label, { exact: true }).getAttribute('readonly')).resolves.not.toBeNull();
    }
    const phoneField = page.getByRole('textbox', { name: 'Teléfono', exact: true });
    await expect(phoneField.isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('URL de la Imagen').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Modificar' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'profile-client-phone');

    await page.getByLabel('Editar Teléfono e Imagen').check();
    await expect(phoneField.isEnabled()).resolves.toBe(true);
    await phoneField.fill('955544433');
    await page.getByRole('button', { name: 'Modificar' }).click();
    await page.getByText('Datos actualizados correctamente.').waitFor();
    const [saved] = await call<{ fono: string }[]>(`/cliente/profile/${encodeURIComponent(client.rut)}`, {
      token: await apiToken(client),
    });
    expect(saved!.fono).toBe('955544433');

    // 'Buscar imagen en mi equipo' reveals the file picker; the photo uploads and shows in the sidebar.
    await page.getByLabel('Buscar imagen en mi equipo').check();
    await page.getByLabel('Elegir imagen').setInputFiles({
      name: 'yo.jpg',
      mimeType: 'image/jpeg',
      buffer: await portrait('#4c1d95', '#f0abfc'),
    });
    await page.getByRole('button', { name: 'Cargar imagen' }).click();
    await page.getByText('Imagen subida exitosamente.').waitFor();
    await expect.poll(() => page.locator('.dashboard-card img').getAttribute('src')).toMatch(/^\/media\//);
    await screenshot(page, 'profile-client-phone-photo');
    await page.getByRole('button', { name: 'Eliminar Imagen' }).click();
    await page.getByText('Imagen eliminada exitosamente.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks finished on desktop', async () => {
    const { page, errors, context } = await openPage(browser, desktop);
    await login(page, client);
    await page.goto('/profileCliente');
    await page.getByRole('heading', { name: 'ACTUALIZAR DATOS' }).waitFor();
    await screenshot(page, 'profile-client-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('statistics', () => {
  it('a person opening her card shows in Estadísticas (chart and table) and in Resumen; her own visits do not', async () => {
    // A person's phone: headless Chromium names itself in its user agent, which counts as a bot.
    const visitor = await browser.newContext({
      viewport: phone,
      baseURL: baseUrl(),
      userAgent:
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    await visitor.addInitScript(() => {
      try {
        localStorage.setItem('mayor_de_edad', new Date().toISOString());
      } catch {
        // about:blank has no storage
      }
    });
    // WhatsApp itself is not reached from the test machine: its page is answered here.
    await visitor.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    const visit = await visitor.newPage();
    await visit.goto(`/Card/${escort.nickname}`);
    await visit.getByRole('heading', { level: 1 }).waitFor();
    await visit.waitForLoadState('networkidle');
    // Her WhatsApp button goes through /contacto, which counts the tap and opens her chat.
    const [chat] = await Promise.all([
      visitor.waitForEvent('page'),
      visit.getByRole('link', { name: /WhatsApp/ }).click(),
    ]);
    await chat.waitForURL(/^https:\/\/wa\.me\/56\d{9}/);
    await visitor.close();

    const { page, errors, context } = await openPage(browser, phone);
    await login(page, escort);
    const before = await call<{ vistas: number; clics_whatsapp: number }[]>('/usuario/estadisticas?dias=1', {
      token: await apiToken(escort),
    });
    expect(before[0]!.vistas).toBeGreaterThanOrEqual(1);
    expect(before[0]!.clics_whatsapp).toBe(1);
    // Her own look at her card is not a view; her own button goes through /contacto too, where her
    // session cookie tells the server not to count it (apps/api/test/api/statistics.test.ts).
    await page.goto(`/Card/${escort.nickname}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).resolves.toBe(
      `/contacto/${escort.nickname}`,
    );
    const ownTap = await page.request.get(`/contacto/${escort.nickname}`, { maxRedirects: 0 });
    expect(ownTap.status()).toBe(302);
    expect(ownTap.headers().location).toMatch(/^https:\/\/wa\.me\/56\d{9}$/);
    await page.goto('/panel/estadisticas');
    await page.getByRole('heading', { name: 'Últimos 30 días' }).waitFor();
    await expect(page.getByTestId('total-vistas').innerText()).resolves.toBe(String(before[0]!.vistas));
    await expect(page.getByTestId('total-clics_whatsapp').innerText()).resolves.toBe('1');
    await expect(page.locator('.stats-chart svg[role="img"]').count()).resolves.toBe(1);
    await expect(page.locator('.stats-chart rect').count()).resolves.toBe(30);
    await expect(page.locator('.stats-chart figcaption').innerText()).resolves.toMatch(
      /^Vistas de tu tarjeta: \d+ en 30 días/,
    );
    await page.getByText('Ver los números de cada día').click();
    await expect(page.locator('.stats-table tbody tr').count()).resolves.toBe(30);
    await expect(page.locator('.stats-table thead th').allInnerTexts()).resolves.toEqual([
      'Día',
      'Vistas',
      'WhatsApp',
      'Favoritos',
      'Solicitudes',
    ]);
    // Today's row (newest first) carries the tap.
    await expect(
      page.locator('.stats-table tbody tr').first().locator('td').nth(1).innerText(),
    ).resolves.toBe('1');
    await screenshot(page, 'statistics-phone');
    await page.locator('.stats-metric label', { hasText: 'Clics en WhatsApp' }).click();
    await expect(page.locator('.stats-chart figcaption').innerText()).resolves.toMatch(
      /^Clics en WhatsApp: 1 en 30 días/,
    );
    await page.locator('.stats-metric label', { hasText: 'Favoritos' }).click();
    await expect(page.locator('.stats-chart figcaption').innerText()).resolves.toMatch(/^Favoritos/);
    await page.goto('/panel');
    await page.getByRole('heading', { name: 'Tus últimos 30 días' }).waitFor();
    await expect(page.getByTestId('total-vistas').innerText()).resolves.toBe(String(before[0]!.vistas));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('own areas on every screen width', () => {
  const escortPages = [
    '/panel',
    '/panel/solicitudes',
    '/panel/perfil',
    '/panel/fotos',
    '/panel/calificar',
    '/panel/estadisticas',
    '/panel/cuenta',
  ];
  const clientPages = ['/mi-cuenta/favoritos', '/mi-cuenta/citas', '/mi-cuenta/perfil', '/mi-cuenta/cuenta'];
  const widths = [
    { name: '320', viewport: { width: 320, height: 700 } },
    { name: 'phone', viewport: phone },
    { name: 'desktop', viewport: desktop },
  ];

  // One test per person and width, on one signed-in page per person (opened by the first width, resized
  // by the next): a width needs a new layout, not a new context and sign-in (decision 0187).
  for (const [who, pages] of [
    ['escort', escortPages],
    ['client', clientPages],
  ] as const) {
    describe(who, () => {
      let tracked: TrackedPage | undefined;
      afterAll(() => tracked?.context.close());
      for (const { name, viewport } of widths) {
        it(`${who} at ${name}: every section, no sideways scroll, every menu label visible`, async () => {
          if (!tracked) {
            tracked = await openPage(browser, viewport);
            await login(tracked.page, who === 'escort' ? escort : client);
          }
          const { page, errors } = tracked;
          await page.setViewportSize(viewport);
          for (const path of pages) {
            await page.goto(path);
            await page.locator('.dashboard-main h1').waitFor();
            // Let the section's data arrive before measuring.
            await page.waitForLoadState('networkidle');
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${path} at ${name}`).toBeLessThanOrEqual(0);
            const labels = page.locator('.dashboard-label');
            for (let i = 0; i < (await labels.count()); i++) {
              const box = await labels.nth(i).boundingBox();
              expect(box && box.width > 10 && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
            }
            await screenshot(page, `area-${who}${path.replaceAll('/', '-')}-${name}`);
          }
          expect(errors).toEqual([]);
        });
      }
    });
  }
});
