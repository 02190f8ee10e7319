import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatLongDate, todayInChile } from '@encanto/core/chile-time';
import { clientRatingCriteria, ratingCriteria } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  call,
  cryptoRutBody,
  plainJpeg,
  randomRut,
  type NewAccount,
  type Person,
  loginThroughForm,
  serverClockAhead,
  settled,
} from './helpers/api.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';

const PASSWORD = 'encanto123';
/** Past the requested meeting's time (the form suggests one within two days), inside its windows. */
const AHEAD = 3 * 86_400_000;

/** Registration data and identity document of this file's accounts. */
const account = (prefix: string, genero: string): NewAccount => ({
  prefix,
  nombre: 'Camila Fuentes Araya',
  fecha_nac: '1994-09-21',
  fono: '987654321',
  genero,
  pass: PASSWORD,
  document: () => plainJpeg({ width: 640, height: 400, background: { r: 90, g: 90, b: 110 }, quality: 80 }),
});

/**
 * Buttons do nothing until React has hydrated the server-rendered page, and a
 * lazy page hydrates after the shell's marker: wait for both, then for the
 * page's first API reads to settle.
 */
const login = (page: Page, person: Person) => loginThroughForm(page, person, PASSWORD);

// Decision 0069: the spec's 'Add' and 'Insert' read 'Calificar' and 'Enviar calificación'.
// A client rates an escort on her criteria; an escort rates a client on his (decision 0157).
async function rate(
  page: Page,
  marks: [number, number, number, number, number],
  names: readonly string[] = ratingCriteria,
) {
  await page.getByRole('button', { name: 'Calificar', exact: true }).click();
  // Sending with nothing chosen: the spec's message.
  await page.getByRole('button', { name: 'Enviar calificación', exact: true }).click();
  await page.getByText('Debes seleccionar una nota para cada ítem (1-10).').waitFor();
  for (let i = 0; i < 5; i++)
    await page.getByLabel(names[i]!, { exact: true }).selectOption(String(marks[i]));
  await page.getByRole('button', { name: 'Enviar calificación', exact: true }).click();
}

/** Decision 0065: 'Cita' opens the request form; the suggested time and duration are kept, a place is chosen. */
async function requestCita(page: Page) {
  await page.getByRole('button', { name: 'Cita', exact: true }).click();
  const form = page.getByRole('form', { name: 'Solicitar cita' });
  await form.getByLabel('En su lugar').check();
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
}

/** Chromium logs every non-2xx fetch as a console error; the journeys provoke a 409 and a 403 on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[39]/.test(e));

let browser: Browser;
let escort: Person;
let client: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  escort = await approvedAccount('usuario', admin, account('me', 'Femenino'));
  client = await approvedAccount('cliente', admin, account('mc', 'Masculino'));
});
afterAll(async () => {
  await serverClockAhead(0);
  await releaseBrowser(browser);
});

describe('marketplace journey between two browsers', () => {
  it('favourite, request, live acceptance, comment, ratings both ways, averages on both sides', async () => {
    const c = await openPage(browser, phone);
    const e = await openPage(browser, desktop);
    await login(c.page, client);
    await login(e.page, escort);
    expect(new URL(e.page.url()).pathname).toBe('/panel');
    const requests = e.page.getByRole('region', { name: 'SOLICITUDES PENDIENTES' });
    await requests.getByText('No hay solicitudes pendientes.').waitFor();

    // The client favourites the profile and finds it in /FavoritosCliente.
    await c.page.goto(`/Card/${escort.nickname}`);
    await settled(c.page);
    const star = c.page.getByTestId('favorite-star');
    await star.waitFor();
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
    await star.click();
    await c.page.waitForFunction(
      () => document.querySelector('[data-testid="favorite-star"]')?.getAttribute('aria-pressed') === 'true',
    );
    await c.page.goto('/FavoritosCliente');
    await settled(c.page);
    await c.page.getByRole('heading', { name: 'Favoritos', level: 1 }).waitFor();
    await c.page.getByTestId('favorites-grid').getByText(escort.nickname).waitFor();
    await screenshot(c.page, 'marketplace-favoritos-phone');

    // Request a meeting; a second click says one is pending and offers to cancel.
    await c.page.getByRole('link', { name: `Ver perfil de ${escort.nickname}` }).click();
    await c.page.waitForURL(`**/Card/${escort.nickname}`);
    await c.page.waitForLoadState('networkidle');
    await requestCita(c.page);
    await c.page.getByText('✅ Solicitud enviada correctamente.').waitFor();
    await c.page.getByRole('button', { name: 'Cita', exact: true }).click();
    await c.page.getByText('⚠️ Ya tienes una solicitud pendiente.').waitFor();
    await screenshot(c.page, 'marketplace-cita-pending-phone');
    await c.page.getByTestId('cita-message').getByRole('button', { name: 'Cancelar solicitud' }).click();
    await c.page.getByText('✅ Solicitud cancelada correctamente.').waitFor();
    // Messages last 5 s.
    await c.page
      .getByText('✅ Solicitud cancelada correctamente.')
      .waitFor({ state: 'detached', timeout: 15_000 });
    await requestCita(c.page);
    await c.page.getByText('✅ Solicitud enviada correctamente.').waitFor();

    // The escort sees it without reloading (polling) and accepts.
    const row = requests.getByRole('listitem').filter({ hasText: client.nickname });
    await row.waitFor({ timeout: 15_000 });
    await requests.scrollIntoViewIfNeeded();
    await screenshot(e.page, 'marketplace-solicitudes-desktop');
    await expect(row.getByRole('link', { name: 'Ver perfil' }).getAttribute('href')).resolves.toBe(
      `/CardCliente/${client.nickname}`,
    );
    await row.getByRole('button', { name: 'Aceptar' }).click();
    await e.page.getByText('Conversación creada y aceptada').waitFor();
    await expect(e.page.evaluate(() => localStorage.getItem('token_conversacion'))).resolves.toMatch(
      /^[A-Za-z0-9_-]{40,}$/,
    );
    await requests.getByText('No hay solicitudes pendientes.').waitFor();

    // The client sees the acceptance without reloading; at the meeting's time (decision 0157) he
    // comments, then rates.
    await c.page.getByText('Tu cita fue aceptada.', { exact: false }).first().waitFor({ timeout: 15_000 });
    await expect(c.page.getByRole('button', { name: 'Comentar' }).count()).resolves.toBe(0);
    await serverClockAhead(AHEAD);
    await c.page
      .getByText('Tu cita fue aceptada. Ya puedes comentar y calificar este perfil.')
      .waitFor({ timeout: 20_000 });
    await c.page.getByText('Este perfil no tiene comentarios.').waitFor();
    await c.page.getByRole('button', { name: 'Comentar' }).click();
    await c.page.getByRole('button', { name: 'Enviar comentario' }).click();
    await c.page.getByText('Debes iniciar sesión como cliente para comentar.').waitFor();
    await c.page.getByLabel('Tu comentario').fill('  Muy puntual, <b>amable</b> y discreta.  ');
    await c.page.getByRole('button', { name: 'Enviar comentario' }).click();
    const comment = c.page.getByTestId('comments-list').getByRole('listitem').first();
    await comment.getByText('Muy puntual, <b>amable</b> y discreta.').waitFor();
    await expect(
      comment.getByText(formatLongDate(todayInChile(new Date(Date.now() + AHEAD)))).isVisible(),
    ).resolves.toBe(true);
    await expect(comment.getByText(client.nickname).isVisible()).resolves.toBe(true);
    // Decision 0069: his own comment shows at once to him only, waiting for both reviews, without a dislike;
    // its author may delete it within 24 hours.
    await comment.getByText(/Solo tú lo ves por ahora/).waitFor();
    await expect(comment.getByRole('button', { name: /No Me Gusta/ }).count()).resolves.toBe(0);
    await expect(comment.getByRole('button', { name: 'Eliminar' }).count()).resolves.toBe(1);
    await expect(c.page.getByRole('button', { name: 'Comentar' }).count()).resolves.toBe(0);

    await rate(c.page, [9, 8, 10, 7, 6]);
    const escortBlock = c.page.getByRole('region', { name: 'Calificaciones' });
    // Decision 0069: double-blind, so his rating waits for hers before it counts.
    await escortBlock.getByText(msg.ratingSavedHidden).waitFor();
    await escortBlock.getByText('Aún no tiene calificaciones.').waitFor();
    await expect(c.page.getByRole('button', { name: 'Calificar', exact: true }).count()).resolves.toBe(0);
    await screenshot(c.page, 'marketplace-card-rated-phone');

    // The escort rates the client from 'PENDIENTES POR CALIFICAR' (her area's Calificar clientes).
    await e.page.goto('/panel/calificar');
    const toRate = e.page.getByRole('region', { name: 'PENDIENTES POR CALIFICAR' });
    const rateRow = toRate.getByRole('listitem').filter({ hasText: client.nickname });
    await rateRow.waitFor({ timeout: 15_000 });
    await toRate.scrollIntoViewIfNeeded();
    await screenshot(e.page, 'marketplace-por-calificar-desktop');
    await rateRow.getByRole('link', { name: 'Ver perfil y calificar' }).click();
    await e.page.waitForURL(`**/CardCliente/${client.nickname}`);
    await e.page.getByRole('heading', { name: `Perfil del cliente: ${client.nickname}` }).waitFor();
    await expect(e.page.getByText('Masculino').isVisible()).resolves.toBe(true);
    await e.page.getByText('Aún no tiene calificaciones.').waitFor();
    await rate(e.page, [10, 9, 9, 8, 7], clientRatingCriteria);
    // His rating was in: hers publishes both at once.
    await e.page.getByText('Calificación guardada.', { exact: true }).waitFor();
    await expect(e.page.getByTestId('rating-overall').innerText()).resolves.toBe('8,6');
    await expect(e.page.getByRole('button', { name: 'Calificar', exact: true }).count()).resolves.toBe(0);
    await expect(e.page.evaluate(() => localStorage.getItem('token_conversacion'))).resolves.toBeNull();
    await screenshot(e.page, 'marketplace-card-cliente-desktop');

    await e.page.goto('/clientes-aceptados');
    await e.page.getByRole('heading', { name: 'PENDIENTES POR CALIFICAR' }).waitFor();
    await e.page.getByText('No hay clientes aceptados.').waitFor();
    await e.page.setViewportSize(phone);
    await screenshot(e.page, 'marketplace-clientes-aceptados-phone');
    await e.page.setViewportSize(desktop);

    // Both averages show: the escort's on her card for the client, the client's for the escort.
    await c.page.reload();
    await settled(c.page);
    await expect(c.page.getByTestId('rating-overall').innerText()).resolves.toBe('8,0');
    await screenshot(c.page, 'marketplace-card-phone');
    await c.page.setViewportSize(desktop);
    await c.page.getByRole('region', { name: 'Calificaciones' }).scrollIntoViewIfNeeded();
    await screenshot(c.page, 'marketplace-card-client-desktop');

    // The escort's own card shows her averages and, read-only, the comment (decision 0156).
    await e.page.goto(`/TuCard/${escort.nickname}`);
    await e.page.getByRole('heading', { name: 'Tus calificaciones' }).waitFor();
    await expect(e.page.getByTestId('rating-overall').innerText()).resolves.toBe('8,0');
    await e.page.getByText('Muy puntual, <b>amable</b> y discreta.').waitFor();
    await screenshot(e.page, 'marketplace-tucard-desktop');
    await serverClockAhead(0);

    expect(unexpected(c.errors)).toEqual([]);
    expect(unexpected(e.errors)).toEqual([]);
    await c.context.close();
    await e.context.close();
  });

  it('anonymous: the star, "Cita" and "Comentar" lead to the client login, which says why; comments notice', async () => {
    for (const viewport of [phone, desktop]) {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(`/Card/${escort.nickname}`);
      await page.getByTestId('favorite-star').waitFor();
      await settled(page);
      // Decision 0143: a visitor's 'Cita' and 'Comentar' are links to the login that resumes them.
      await expect(
        page.getByRole('link', { name: 'Cita', exact: true }).getAttribute('href'),
      ).resolves.toContain(`/Login/clienteLogin?accion=cita&perfil=${escort.nickname}`);
      await expect(
        page.getByRole('link', { name: 'Comentar', exact: true }).getAttribute('href'),
      ).resolves.toContain(`/Login/clienteLogin?accion=comentar&perfil=${escort.nickname}`);
      await expect(
        page.getByText('Solo los clientes registrados pueden ver los comentarios.').isVisible(),
      ).resolves.toBe(true);
      await screenshot(page, `marketplace-card-anon-${viewport === phone ? 'phone' : 'desktop'}`);
      await page.getByTestId('favorite-star').click();
      await page.waitForURL(
        (u) => u.pathname === '/Login/clienteLogin' && u.searchParams.get('accion') === 'favorito',
      );
      await page.getByText(/^Inicia sesión para guardar a .+ en tus favoritos\.$/).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a client not yet approved gets the spec message for Cita; /FavoritosCliente needs a session', async () => {
    const nickname = `mp${randomBytes(3).toString('hex')}`;
    const email = `${nickname}@e2e.cl`;
    await call('/cliente/registro', {
      method: 'POST',
      body: {
        rut_cliente: randomRut(cryptoRutBody),
        nombre: 'Tomás Pérez Lagos',
        nickname,
        fecha_nac: '1990-01-15',
        email,
        pass: PASSWORD,
        fono: '955555555',
        genero: 'Masculino',
        ciudad: 'Santiago',
        acepta_terminos: true,
        acepta_datos_sensibles: true,
      },
    });
    const { page, context } = await openPage(browser, phone);
    await page.goto('/FavoritosCliente');
    await page.waitForURL('**/Login');
    await settled(page);
    await login(page, { kind: 'cliente', nickname, email, rut: '' });
    await page.goto(`/Card/${escort.nickname}`);
    await settled(page);
    await requestCita(page);
    await page.getByText('❌ Debes estar autorizado para enviar solicitudes.').waitFor();
    await screenshot(page, 'marketplace-cita-unauthorized-phone');
    await context.close();
  });
});
