import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chileDateTime } from '@encanto/core/chile-time';
import { clientRatingCriteria, ratingCriteria } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  plainJpeg,
  type NewAccount,
  type Person,
  loginThroughForm,
  settled,
  serverClockAhead,
} from './helpers/api.ts';
import { violations } from './helpers/axe.ts';
import {
  desktop,
  releaseBrowser,
  workerBrowser,
  openPage,
  phone,
  atRest,
  reactOwned,
  screenshot,
} from './helpers/browser.ts';
import { waitForMail } from './helpers/mail.ts';

const PASSWORD = 'encanto123';
/** Past the meeting's time (two days ahead, 23:00 in Chile), inside its conversation and review windows. */
const AHEAD = 3.5 * 86_400_000;
const account = (prefix: string, genero: string, nombre: string): NewAccount => ({
  prefix,
  nombre,
  fecha_nac: '1993-06-12',
  fono: '987654321',
  genero,
  pass: PASSWORD,
  document: () => plainJpeg({ width: 640, height: 400, background: { r: 80, g: 90, b: 100 }, quality: 80 }),
});

const login = (page: Page, person: Person) => loginThroughForm(page, person, PASSWORD);

/** A client rates an escort on her criteria; an escort rates a client on his (decision 0157). */
async function rate(
  page: Page,
  marks: [number, number, number, number, number],
  names: readonly string[] = ratingCriteria,
) {
  await page.getByRole('button', { name: 'Calificar', exact: true }).click();
  for (let i = 0; i < 5; i++)
    await page.getByLabel(names[i]!, { exact: true }).selectOption(String(marks[i]));
  await page.getByRole('button', { name: 'Enviar calificación' }).click();
}

/** The nav badge's number, or 0 when it is hidden. */
const badge = (page: Page) =>
  page
    .getByTestId('meetings-badge')
    .first()
    .innerText({ timeout: 500 })
    .then((t) => Number.parseInt(t, 10))
    .catch(() => 0);

/** Polls the badge until it shows `n` (the page refreshes it on its own). */
async function badgeBecomes(page: Page, n: number) {
  await expect.poll(() => badge(page), { timeout: 20_000, interval: 500 }).toBe(n);
}

/** Chromium logs every non-2xx fetch as a console error; none is expected here. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Download the React DevTools/.test(e));

let browser: Browser;
let escort: Person;
let client: Person;

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  escort = await approvedAccount('usuario', admin, account('ce', 'Femenino', 'Valentina Ríos Fuentes'));
  client = await approvedAccount('cliente', admin, account('cc', 'Masculino', 'Matías Lagos Pérez'));
});
afterAll(async () => {
  await serverClockAhead(0);
  await releaseBrowser(browser);
});

describe('a meeting both can act on, between two browsers', () => {
  it('details, a new time, a conversation, live badges, and fair two-way reviews', async () => {
    const c = await openPage(browser, phone);
    const e = await openPage(browser, desktop);
    await login(c.page, client);
    await login(e.page, escort);
    await e.page.goto('/panel/solicitudes');
    await settled(e.page);
    await e.page.getByText('No tienes citas próximas.').waitFor();
    expect(await badge(e.page)).toBe(0);

    // The client asks with details: when, how long, where and a message.
    await c.page.goto(`/Card/${escort.nickname}`);
    await settled(c.page);
    await c.page.getByRole('button', { name: 'Cita', exact: true }).click();
    const form = c.page.getByRole('form', { name: 'Solicitar cita' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await form.getByText(msg.placeRequired).waitFor();
    await form.getByLabel('Hora', { exact: true }).fill('22:00');
    await form.getByLabel('Duración').selectOption({ label: '1 h 30 min' });
    await form.getByLabel('Hotel').check();
    await form.getByLabel('Mensaje (opcional)').fill('Hola, ¿te acomoda en un hotel de Providencia?');
    await screenshot(c.page, 'meetings-request-form-phone');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await c.page.getByText(msg.requestSent).waitFor();

    // The escort's badge and list update without a reload; she proposes another time.
    await badgeBecomes(e.page, 1);
    const card = e.page.getByTestId('meeting-card').filter({ hasText: client.nickname });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText('Hola, ¿te acomoda en un hotel de Providencia?').waitFor();
    await card.getByText('1 h 30 min · Hotel').waitFor();
    await expect(card.getByText(/22:00/).count()).resolves.toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Proponer otra hora' }).click();
    const later = chileDateTime(new Date(Date.now() + 2 * 86_400_000));
    await card.getByLabel('Fecha', { exact: true }).fill(later.date);
    await card.getByLabel('Hora', { exact: true }).fill('23:00');
    await card.getByRole('button', { name: 'Enviar propuesta' }).click();
    await e.page.getByText(msg.proposalSent).waitFor();
    await badgeBecomes(e.page, 0);

    // The client sees the proposal live (card line and badge) and accepts it.
    await c.page.getByText('Te propusieron otra hora.').waitFor({ timeout: 15_000 });
    await badgeBecomes(c.page, 1);
    await c.page.getByRole('link', { name: 'Responder' }).click();
    await c.page.waitForURL('**/Cita/**');
    const meetingUrl = new URL(c.page.url()).pathname;
    await c.page.getByText(/23:00/).first().waitFor();
    await c.page.getByRole('button', { name: 'Aceptar nueva hora' }).click();
    await c.page.getByText(msg.proposalAccepted).waitFor();
    await c.page.getByText('Confirmada').first().waitFor();
    await badgeBecomes(c.page, 0);

    // They talk: each side's badge counts the unread message, without a reload.
    const chat = c.page.getByRole('region', { name: 'Conversación' });
    await chat.getByLabel(/Mensaje para/).fill('Perfecto, nos vemos a las 23:00. ¿Te escribo al llegar?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await chat.getByText('Perfecto, nos vemos a las 23:00. ¿Te escribo al llegar?').waitFor();
    await badgeBecomes(e.page, 1);
    await e.page.getByRole('tab', { name: /Próximas/ }).click();
    await e.page.getByRole('link', { name: /Conversar \(1\)/ }).click();
    await e.page.waitForURL(`**${meetingUrl}`);
    const herChat = e.page.getByRole('region', { name: 'Conversación' });
    await herChat.getByText('Perfecto, nos vemos a las 23:00. ¿Te escribo al llegar?').waitFor();
    await badgeBecomes(e.page, 0);
    await herChat.getByLabel(/Mensaje para/).fill('Sí, escríbeme por aquí cuando llegues.');
    await herChat.getByRole('button', { name: 'Enviar' }).click();
    // The client's open page shows it within seconds, with no reload.
    await chat.getByText('Sí, escríbeme por aquí cuando llegues.').waitFor({ timeout: 15_000 });

    for (const [page, who] of [
      [c.page, 'cliente'],
      [e.page, 'escort'],
    ] as const) {
      for (const viewport of [phone, desktop]) {
        await page.setViewportSize(viewport);
        await atRest(page);
        await screenshot(page, `meetings-conversation-${who}-${viewport === phone ? 'phone' : 'desktop'}`);
      }
    }
    await c.page.setViewportSize(phone);
    await e.page.setViewportSize(desktop);

    // No review before the meeting's time (decision 0157); then the escort rates first, and her
    // rating stays hidden until he reviews.
    await e.page.getByText(/Podrás calificar esta cita desde el/).waitFor();
    await expect(e.page.getByRole('link', { name: 'Calificar' }).count()).resolves.toBe(0);
    await serverClockAhead(AHEAD);
    await e.page.reload();
    await settled(e.page);
    await e.page.getByRole('link', { name: 'Calificar' }).click();
    await e.page.waitForURL(`**/CardCliente/${client.nickname}`);
    await rate(e.page, [9, 9, 8, 9, 9], clientRatingCriteria);
    await e.page.getByText(msg.ratingSavedHidden).waitFor();
    await e.page.getByText('Aún no tiene calificaciones.').waitFor();

    // The client still comments and rates.
    await c.page.goto(`/Card/${escort.nickname}`);
    await settled(c.page);
    await c.page.getByRole('button', { name: 'Comentar' }).click();
    await c.page.getByLabel('Tu comentario').fill('Corta');
    await c.page.getByRole('button', { name: 'Enviar comentario' }).click();
    await c.page.getByText(msg.commentTooShort).waitFor();
    await c.page.getByLabel('Tu comentario').fill('Muy puntual, simpática y discreta. Volvería.');
    await c.page.getByRole('button', { name: 'Enviar comentario' }).click();
    await c.page.getByText(msg.commentSavedHidden).waitFor();
    await c.page.getByText(/Solo tú lo ves por ahora/).waitFor();
    const block = c.page.getByRole('region', { name: 'Calificaciones' });
    await block.getByText('Aún no tiene calificaciones.').waitFor();
    await rate(c.page, [10, 9, 9, 8, 9]);
    // Both reviewed: everything is published at once.
    await block.getByText(msg.ratingSaved, { exact: true }).waitFor();
    await expect(block.getByTestId('rating-overall').innerText()).resolves.toBe('9,0');
    await expect(c.page.getByText(/Solo tú lo ves por ahora/).count()).resolves.toBe(0);

    // Both reviews appear together on the meeting page of each side.
    await c.page.goto(meetingUrl);
    await settled(c.page);
    const mine = c.page.getByTestId('meeting-reviews');
    await mine.getByText(`Calificación de ${escort.nickname}`).waitFor();
    await expect(mine.getByText(/ya calificó/).count()).resolves.toBe(0);
    await expect(mine.getByText(/Se publicará cuando/).count()).resolves.toBe(0);
    await e.page.goto(meetingUrl);
    await settled(e.page);
    const hers = e.page.getByTestId('meeting-reviews');
    await hers.getByText('“Muy puntual, simpática y discreta. Volvería.”').waitFor();
    await e.page.goto(`/CardCliente/${client.nickname}`);
    await settled(e.page);
    await expect(e.page.getByTestId('rating-overall').innerText()).resolves.toBe('8,8');
    await e.page.goto(`/TuCard/${escort.nickname}`);
    await e.page.getByText('Muy puntual, simpática y discreta. Volvería.').waitFor();

    // Back to the wall clock: the meeting is ahead again for the lists' "Próximas".
    await serverClockAhead(0);
    // "Mis citas" and "Solicitudes" at both sizes, for a person to look at.
    for (const viewport of [phone, desktop]) {
      const tag = viewport === phone ? 'phone' : 'desktop';
      await c.page.setViewportSize(viewport);
      await c.page.goto('/mi-cuenta/citas?tab=proximas');
      await settled(c.page);
      await c.page.getByTestId('meeting-card').first().waitFor();
      await screenshot(c.page, `meetings-mis-citas-${tag}`);
      await e.page.setViewportSize(viewport);
      await e.page.goto('/Solicitudes?tab=proximas');
      await settled(e.page);
      await e.page.getByTestId('meeting-card').first().waitFor();
      await screenshot(e.page, `meetings-solicitudes-${tag}`);
      if (viewport === phone) {
        // No serious or critical axe violation on the lists and on a meeting with its conversation.
        expect(await violations(c.page)).toEqual([]);
        expect(await violations(e.page)).toEqual([]);
        await c.page.goto(meetingUrl);
        await settled(c.page);
        await c.page.getByTestId('chat-list').waitFor();
        expect(await violations(c.page)).toEqual([]);
      }
    }

    expect(unexpected(c.errors)).toEqual([]);
    expect(unexpected(e.errors)).toEqual([]);
    await c.context.close();
    await e.context.close();
  });

  it('the unsubscribe link of a mail turns that kind off without logging in', async () => {
    // The escort's mail about the request above, as the outbox worker wrote it (.eml, quoted-printable).
    const link = await mailLink(
      escort.email,
      'Recibiste una solicitud nueva',
      /\/notificaciones\/baja\?t=[\w.%-]+/,
    );
    const { page, context, errors } = await openPage(browser, phone);
    await page.goto(link);
    await settled(page);
    await page
      .getByTestId('unsubscribe-result')
      .getByText(msg.unsubscribeDone('solicitudes nuevas'))
      .waitFor();
    await screenshot(page, 'meetings-unsubscribe-phone');
    // Her settings show that kind off; the others stay on.
    await login(page, escort);
    await page.goto('/panel/cuenta#notificaciones');
    await settled(page);
    const settings = page.getByRole('region', { name: 'AVISOS POR CORREO' });
    await expect(settings.getByRole('switch', { name: /Solicitudes nuevas/ }).isChecked()).resolves.toBe(
      false,
    );
    await expect(settings.getByRole('switch', { name: /Mensajes nuevos/ }).isChecked()).resolves.toBe(true);
    await reactOwned(settings.getByRole('switch', { name: /Solicitudes nuevas/ }));
    await settings.getByRole('switch', { name: /Solicitudes nuevas/ }).check();
    await settings.getByText(msg.notificationsSaved).waitFor();
    await settings.scrollIntoViewIfNeeded();
    await screenshot(page, 'meetings-notification-settings-phone');
    // A tampered link changes nothing and says so.
    await page.goto(link.replace(/t=[\w.%-]{4}/, 't=xxxx'));
    await page.getByText(msg.unsubscribeInvalid).waitFor();
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});

/** The newest mail to an address that says `about`, and `pattern`'s match in it. */
function mailLink(to: string, about: string, pattern: RegExp): Promise<string> {
  return waitForMail(to, `matching ${pattern}`, (mails) =>
    mails
      .reverse()
      .map((m) => (m.text.includes(about) ? pattern.exec(m.text)?.[0] : undefined))
      .find((found) => found !== undefined),
  );
}
