import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  adminToken,
  approvedAccount,
  call,
  E2E_PASSWORD,
  loginThroughForm,
  newAccount,
  settled,
  type Person,
} from './helpers/api.ts';
import {
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  screenshot,
  sessionToken,
} from './helpers/browser.ts';

/**
 * Live updates in two real browsers (decisions 0158, 0162): each signed-in tab holds one event stream
 * (GET /api/eventos), and a request, its answer and a message show on the other side within a second,
 * without a reload and without waiting for a poll.
 */
let browser: Browser;
let escort: Person;
let client: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  escort = await approvedAccount('usuario', admin, newAccount('le'));
  client = await approvedAccount('cliente', admin, { ...newAccount('lc'), genero: 'Masculino' });
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** Milliseconds from `start` until `text` is on the page (it must not be there yet). */
async function arrival(page: Page, text: string, start: number): Promise<number> {
  await page.getByText(text).first().waitFor({ timeout: 15_000 });
  return performance.now() - start;
}

/** Milliseconds from `start` until the nav badge shows `n`. */
async function badgeAt(page: Page, n: number, start: number): Promise<number> {
  await page.waitForFunction(
    (want) => {
      const el = document.querySelector('[data-testid="meetings-badge"]');
      return (el ? Number.parseInt(el.textContent ?? '', 10) : 0) === want;
    },
    n,
    { timeout: 15_000, polling: 20 },
  );
  return performance.now() - start;
}

/**
 * What "within a second" (bench/live.ts: p99 50 ms, send to arrival) is held to here, on a CI machine that
 * also runs two suites beside this one: under the fallback polls (4 s for a conversation, 5 s for the
 * list) and the 15 s list poll kept while the stream is open, so only a pushed event arrives in time
 * (decision 0183).
 */
const LIVE_BOUND_MS = 3000;

const pair = () => ({ nickname_cliente: client.nickname, nickname_usuario: escort.nickname });

describe('live updates through the event stream', () => {
  it('a request, its answer and a message reach the other browser at once (pushed, not polled)', async () => {
    const c = await openPage(browser, phone);
    const e = await openPage(browser, desktop);
    const streams: string[] = [];
    for (const p of [c.page, e.page])
      p.on('request', (r) => {
        if (r.url().endsWith('/api/eventos')) streams.push(r.resourceType());
      });
    await loginThroughForm(c.page, client, E2E_PASSWORD);
    await loginThroughForm(e.page, escort, E2E_PASSWORD);
    await e.page.goto('/panel/solicitudes');
    await settled(e.page);
    await c.page.goto('/mi-cuenta/citas');
    await settled(c.page);
    // Each tab opened its stream once the page hydrated.
    await expect.poll(() => streams.filter((t) => t === 'eventsource').length).toBeGreaterThanOrEqual(2);
    const clientToken = await sessionToken(c.page);
    const escortToken = await sessionToken(e.page);

    // The client asks (through the API, so the clock starts at its answer): her badge and list move.
    const { cita } = await call<{ cita: string }>('/appointments/solicitar', {
      method: 'POST',
      token: clientToken,
      body: {
        ...pair(),
        fecha_hora: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        duracion_min: 90,
        lugar: 'hotel',
        mensaje: 'Hola, ¿te acomoda el jueves?',
      },
    });
    let start = performance.now();
    expect(await badgeAt(e.page, 1, start)).toBeLessThan(LIVE_BOUND_MS);
    expect(await arrival(e.page, 'Hola, ¿te acomoda el jueves?', start)).toBeLessThan(LIVE_BOUND_MS);

    // She accepts: his list shows it confirmed within a second.
    await call('/appointments/aceptar', { method: 'POST', token: escortToken, body: pair() });
    start = performance.now();
    expect(await arrival(c.page, 'Confirmada', start)).toBeLessThan(LIVE_BOUND_MS);
    expect(await badgeAt(e.page, 0, start)).toBeLessThan(LIVE_BOUND_MS);

    // Both open the conversation; what she writes shows on his screen within a second.
    await c.page.goto(`/Cita/${cita}`);
    await e.page.goto(`/Cita/${cita}`);
    await settled(c.page);
    await settled(e.page);
    const hisChat = c.page.getByRole('region', { name: 'Conversación' });
    const herChat = e.page.getByRole('region', { name: 'Conversación' });
    await herChat.getByLabel(/Mensaje para/).fill('Te espero en el lobby a las 22:00.');
    start = performance.now();
    await herChat.getByRole('button', { name: 'Enviar' }).click();
    expect(await arrival(c.page, 'Te espero en el lobby a las 22:00.', start)).toBeLessThan(LIVE_BOUND_MS);
    await hisChat.getByText('Te espero en el lobby a las 22:00.').waitFor();
    // He is looking at it: it is marked read and his badge stays at zero.
    expect(await badgeAt(c.page, 0, performance.now())).toBeLessThan(LIVE_BOUND_MS);

    // And back, while he is on another page: his message moves her badge.
    await e.page.goto('/panel/solicitudes');
    await settled(e.page);
    await hisChat.getByLabel(/Mensaje para/).fill('Perfecto, ahí estaré.');
    start = performance.now();
    await hisChat.getByRole('button', { name: 'Enviar' }).click();
    expect(await badgeAt(e.page, 1, start)).toBeLessThan(LIVE_BOUND_MS);

    await screenshot(c.page, 'live-conversation-phone');
    await screenshot(e.page, 'live-badge-desktop');
    expect(c.errors.filter((x) => !/DevTools/.test(x))).toEqual([]);
    expect(e.errors.filter((x) => !/DevTools/.test(x))).toEqual([]);
    await c.context.close();
    await e.context.close();
  });
});
