import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  approvedAccount,
  call,
  callStatus,
  giveProfilePhoto,
  loginThroughForm,
  portrait,
  serverClockAhead,
  type Person,
} from './helpers/api.ts';
import { msg } from '@encanto/core/messages';
import {
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  screenshot,
  smallPhone,
} from './helpers/browser.ts';

// Items of "trust signals that tell the truth" and "one listing rule" (decisions 0153, 0154), at 360 px.
const PASSWORD = 'encanto123';

let browser: Browser;
let escort: Person;
beforeAll(async () => {
  browser = await workerBrowser();
  escort = await approvedAccount('usuario', await adminToken(), {
    prefix: 'ts',
    nombre: 'Camila Soto Pérez',
    fecha_nac: '1994-07-01',
    fono: '912345678',
    genero: 'Femenino',
    pass: PASSWORD,
    document: () => portrait('#555555', '#999999'),
  });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

interface SearchCard {
  nickname: string;
  promedio: number | null;
}
const search = (query: string) => call<{ items: SearchCard[] }>(`/escorts${query}`);

describe('stars on the scale of the ratings (out of 10)', () => {
  it('a card draws half of the average in stars, the number, and "… de 10" for a screen reader', async () => {
    const rated = (await search('?orden=calificacion')).items.find((c) => c.promedio !== null);
    expect(rated, 'the demo has rated profiles').toBeDefined();
    const { page, errors, context } = await openPage(browser, smallPhone);
    await page.goto('/Escort?orden=calificacion');
    const card = page.locator('.escort-card', { hasText: rated!.nickname }).first();
    const rating = card.locator('.escort-card-rating[role="img"]');
    const n = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      rated!.promedio!,
    );
    await expect(rating.getAttribute('aria-label')).resolves.toMatch(
      new RegExp(`^Calificación ${n} de 10, `),
    );
    await expect(rating.locator('.stars').getAttribute('data-stars')).resolves.toBe(
      String(Math.round(rated!.promedio!) / 2),
    );
    await expect(rating.innerText()).resolves.toContain(n);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'trust-stars-360');
    await shots(page, 'trust-stars');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a profile is listed once complete, by every listing route', () => {
  it('without her own photo she is in no listing and her dashboard says what is missing; with it she is first everywhere', async () => {
    const routes = [
      '/ultimos',
      '/usuario/ciudad/Santiago',
      '/escorts?ciudad=santiago',
      '/escorts?orden=recientes',
    ];
    const names = async (route: string) => {
      const body = await call<{ nickname: string }[] | { items: { nickname: string }[] }>(route);
      return (Array.isArray(body) ? body : body.items).map((c) => c.nickname);
    };
    for (const route of routes) expect(await names(route), route).not.toContain(escort.nickname);

    const { page, errors, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, escort, PASSWORD);
    const notice = page.getByRole('heading', { name: 'Completa tu perfil para aparecer en los listados' });
    await notice.waitFor();
    await page.getByText('Sube una foto tuya (la imagen predeterminada no cuenta).').waitFor();
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'trust-listing-checklist-360');
    await shots(page, 'trust-listing-checklist');

    await giveProfilePhoto(escort, PASSWORD);
    for (const route of routes) expect((await names(route))[0], route).toBe(escort.nickname);
    await page.reload();
    await page.getByRole('heading', { name: 'Resumen' }).first().waitFor();
    await expect(notice.count()).resolves.toBe(0);

    // The listing page a visitor opens shows her first.
    const visitor = await openPage(browser, smallPhone);
    await visitor.page.goto('/Escort');
    await expect(visitor.page.locator('.escort-card').first().innerText()).resolves.toContain(
      escort.nickname,
    );
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Screenshots of the page as it is at 320, 390 and 1366 px, then back to 360. */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['320', { width: 320, height: 700 }],
    ['390', { width: 390, height: 844 }],
    ['1366', desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(smallPhone);
}

describe("the gallery's cover is the card's photo (decision 0155)", () => {
  it('"Usar foto 2 como portada" changes the photo of her card in the listing and on the card', async () => {
    const owner = await approvedAccount('usuario', await adminToken(), {
      prefix: 'cv',
      nombre: 'Renata Fuentes Díaz',
      fecha_nac: '1993-03-03',
      fono: '912345678',
      genero: 'Femenino',
      pass: PASSWORD,
      document: () => portrait('#444444', '#888888'),
    });
    await giveProfilePhoto(owner, PASSWORD);
    const { token } = await call<{ token: string }>('/usuario/login', {
      method: 'POST',
      body: { email: owner.email, pass: PASSWORD },
    });
    const uploaded: string[] = [];
    for (const colour of ['#1e3a8a', '#065f46']) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await portrait(colour, '#fde68a'))], { type: 'image/jpeg' }),
        'galeria.jpg',
      );
      const res = await call<{ fileUrl: string }>(`/upload/subir-imagenes/${owner.nickname}`, {
        method: 'POST',
        form,
        token,
      });
      uploaded.push(res.fileUrl);
    }

    const { page, errors, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, owner, PASSWORD);
    await page.goto('/panel/fotos');
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('button', { name: 'Usar foto 2 como portada' }).click();
    await page.getByText('Portada elegida.').waitFor();
    await page.locator('.gallery-tile').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'trust-cover-gallery-360');

    // A visitor sees the chosen photo on her card, in the listing and on the card page.
    const visitor = await openPage(browser, smallPhone);
    await visitor.page.goto('/Escort');
    const card = visitor.page.locator('.escort-card', { hasText: owner.nickname }).first();
    await expect(card.locator('img').getAttribute('src')).resolves.toBe(uploaded[1]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(visitor.page, 'trust-cover-listing-360');
    await shots(visitor.page, 'trust-cover-listing');
    await visitor.page.goto(`/Card/${owner.nickname}`);
    await expect(visitor.page.locator('.profile-card-photo img').getAttribute('src')).resolves.toBe(
      uploaded[1],
    );
    await screenshot(visitor.page, 'trust-cover-card-360');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('an escort reads the comments on her own card (decision 0156)', () => {
  it('her card shows its published comments, read-only, instead of "clients only"', async () => {
    // The demo profile with the most comments; demo escorts sign in as {nickname}@encanto.demo.
    const top = (await call<{ items: { nickname: string }[] }>('/escorts?orden=comentarios')).items[0]!;
    const owner = { kind: 'usuario' as const, email: `${top.nickname}@encanto.demo` };
    const { page, errors, context } = await openPage(browser, smallPhone);
    await loginThroughForm(page, owner, PASSWORD);
    await page.goto(`/TuCard/${top.nickname}`);
    await page.waitForSelector('html[data-hydrated]');
    const list = page.getByTestId('comments-list');
    await list.waitFor();
    await expect(list.locator('li.comment').count()).resolves.toBeGreaterThan(0);
    // Double-blind: only published comments reach her, and she can neither comment nor dislike.
    await expect(list.locator('li.comment-waiting').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /No Me Gusta/ }).count()).resolves.toBe(0);
    await expect(page.locator('.comment-form').count()).resolves.toBe(0);
    await expect(
      page.getByText('Solo los clientes registrados pueden ver los comentarios.').count(),
    ).resolves.toBe(0);
    await page.getByText('Así ven los clientes los comentarios de tu tarjeta.', { exact: false }).waitFor();
    await page.locator('#comentarios').scrollIntoViewIfNeeded();
    await screenshot(page, 'trust-own-comments-360');
    await shots(page, 'trust-own-comments');
    // Her public card, while she is signed in, shows them the same way.
    await page.goto(`/Card/${top.nickname}`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByTestId('comments-list').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('reviews open at the meeting time, and clients are rated on their own criteria (decision 0157)', () => {
  it('before the meeting nobody rates (409, and the page says when); then she rates him on his criteria with a comment', async () => {
    const admin = await adminToken();
    const her = await approvedAccount('usuario', admin, {
      prefix: 'rv',
      nombre: 'Valeria Rojas Muñoz',
      fecha_nac: '1992-02-02',
      fono: '912345678',
      genero: 'Femenino',
      pass: PASSWORD,
      document: () => portrait('#333333', '#777777'),
    });
    await giveProfilePhoto(her, PASSWORD);
    const him = await approvedAccount('cliente', admin, {
      prefix: 'rc',
      nombre: 'Tomás Vera Silva',
      fecha_nac: '1988-08-08',
      fono: '987654321',
      genero: 'Masculino',
      pass: PASSWORD,
      document: () => portrait('#222222', '#666666'),
    });
    const tokenOf = async (p: Person) =>
      (
        await call<{ token: string }>(`/${p.kind}/login`, {
          method: 'POST',
          body: { email: p.email, pass: PASSWORD },
        })
      ).token;
    const [herToken, hisToken] = [await tokenOf(her), await tokenOf(him)];
    const pair = { nickname_cliente: him.nickname, nickname_usuario: her.nickname };
    const { cita } = await call<{ cita: string }>('/appointments/solicitar', {
      method: 'POST',
      token: hisToken,
      body: {
        ...pair,
        fecha_hora: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        duracion_min: 60,
        lugar: 'hotel',
        mensaje: 'Hola, ¿te acomoda hoy?',
      },
    });
    await call('/appointments/aceptar', { method: 'POST', token: herToken, body: pair });
    const marks = (n: number) => ({ nota1: n, nota2: n, nota3: n, nota4: n, nota5: n });
    try {
      // Before the meeting: the API says why, and her meeting page says from when.
      const early = await callStatus('/notes/insertarCliente', {
        method: 'POST',
        token: herToken,
        body: { calificador: her.nickname, nickname_cliente: him.nickname, ...marks(8) },
      });
      expect(early).toEqual({
        status: 409,
        json: { mensaje: msg.reviewNotYetOpen, code: 'REVIEW_NOT_YET_OPEN' },
      });
      const { page, errors, context } = await openPage(browser, smallPhone);
      await loginThroughForm(page, her, PASSWORD);
      await page.goto(`/Cita/${cita}`);
      await page.waitForSelector('html[data-hydrated]');
      const early360 = page.getByText(/Podrás calificar esta cita desde el/);
      await early360.waitFor();
      await expect(page.getByRole('link', { name: 'Calificar' }).count()).resolves.toBe(0);
      await early360.scrollIntoViewIfNeeded();
      await screenshot(page, 'trust-review-early-360');

      // At its time she rates him on his own criteria, and adds a comment.
      await serverClockAhead(3 * 3_600_000);
      await page.goto(`/CardCliente/${him.nickname}`);
      await page.waitForSelector('html[data-hydrated]');
      await page.getByRole('button', { name: 'Calificar', exact: true }).click();
      for (const name of ['Puntualidad', 'Respeto', 'Higiene', 'Trato', 'Pago acordado'])
        await page.getByLabel(name, { exact: true }).selectOption('9');
      for (const escortOnly of ['Pieza', 'Apariencia', 'Oral'])
        await expect(page.getByLabel(escortOnly, { exact: true }).count()).resolves.toBe(0);
      await page.getByLabel('Comentario (opcional)').fill('Puntual, respetuoso y amable.');
      await page.locator('.rating-form').scrollIntoViewIfNeeded();
      await screenshot(page, 'trust-rate-client-360');
      await shots(page, 'trust-rate-client');
      await page.getByRole('button', { name: 'Enviar calificación', exact: true }).click();
      await page.getByText(msg.ratingSavedHidden).waitFor();

      // He rates her: both published, his meeting page shows her marks on his criteria and her words.
      await call('/ratings/insertarUsuario', {
        method: 'POST',
        token: hisToken,
        body: { calificador: him.nickname, nickname_usuario: her.nickname, ...marks(8) },
      });
      const his = await openPage(browser, smallPhone);
      await loginThroughForm(his.page, him, PASSWORD);
      await his.page.goto(`/Cita/${cita}`);
      await his.page.waitForSelector('html[data-hydrated]');
      const reviews = his.page.getByTestId('meeting-reviews');
      await reviews.getByText('“Puntual, respetuoso y amable.”').waitFor();
      await reviews.getByText('Pago acordado', { exact: true }).waitFor();
      await reviews.scrollIntoViewIfNeeded();
      await screenshot(his.page, 'trust-review-client-view-360');
      await shots(his.page, 'trust-review-client-view');
      expect(his.errors).toEqual([]);
      await his.context.close();
      expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
      await context.close();
    } finally {
      await serverClockAhead(0);
    }
  });
});
