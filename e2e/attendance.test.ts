import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { msg } from '@encanto/core/messages';
import {
  adminToken,
  approvedAccount,
  call,
  E2E_PASSWORD,
  loginAdmin,
  loginThroughForm,
  newAccount,
  serverClockAhead,
  settled,
  type Person,
} from './helpers/api.ts';
import { violations } from './helpers/axe.ts';
import { mailMatching } from './helpers/mail.ts';
import { desktop, releaseBrowser, workerBrowser, openPage, phone, screenshot } from './helpers/browser.ts';

// The attendance record both ways (decisions 0173, 0174): she marks that he did not come, he contests,
// the administration cancels the absence; her record shows as counts on her card.

const HOUR = 3_600_000;
let browser: Browser;
let escort: Person;
let clients: Person[];
const tokens = new Map<string, string>();

const tokenOf = async (p: Person) => {
  const known = tokens.get(p.nickname);
  if (known) return known;
  const { token } = await call<{ token: string }>(`/${p.kind}/login`, {
    method: 'POST',
    body: { email: p.email, pass: E2E_PASSWORD },
  });
  tokens.set(p.nickname, token);
  return token;
};
const pair = (c: Person) => ({ nickname_cliente: c.nickname, nickname_usuario: escort.nickname });
const meetingIds = new Map<string, string>();

/** `p` marks the meeting between the escort and `client`. */
async function markVia(p: Person, client: Person, resultado: string) {
  await call(`/citas/${meetingIds.get(client.nickname)}/asistencia`, {
    method: 'POST',
    token: await tokenOf(p),
    body: { resultado },
  });
}

async function signedIn(viewport: typeof phone, who: Person | 'admin') {
  const tracked = await openPage(browser, viewport);
  if (who === 'admin') await loginAdmin(tracked.page);
  else await loginThroughForm(tracked.page, who, E2E_PASSWORD);
  return tracked;
}
const open = async (page: Page, url: string) => {
  await page.goto(url);
  await settled(page);
};

beforeAll(async () => {
  browser = await workerBrowser();
  const admin = await adminToken();
  escort = await approvedAccount('usuario', admin, { ...newAccount('at'), nombre: 'Antonia Reyes Mena' });
  clients = [];
  for (let i = 0; i < 4; i++)
    clients.push(
      await approvedAccount('cliente', admin, {
        ...newAccount(`ac${i}`),
        genero: 'Masculino',
        nombre: 'Tomás Vidal Araya',
      }),
    );
  const e = await tokenOf(escort);
  for (const [i, c] of clients.entries()) {
    const at = new Date(Date.now() + 2 * 24 * HOUR + i * HOUR).toISOString();
    const req = await call<{ cita: string }>('/appointments/solicitar', {
      method: 'POST',
      token: await tokenOf(c),
      body: { ...pair(c), fecha_hora: at, duracion_min: 60, lugar: 'hotel' },
    });
    meetingIds.set(c.nickname, req.cita);
    await call('/appointments/aceptar', { method: 'POST', token: e, body: pair(c) });
  }
  // Past every meeting's time: the marks open (decision 0173).
  await serverClockAhead(2 * 24 * HOUR + 6 * HOUR);
});
afterAll(async () => {
  await serverClockAhead(0);
  await releaseBrowser(browser);
});

describe('attendance, from the mark to the card', () => {
  it('she marks an absence; he contests; the admin cancels it; her card shows her record', async () => {
    const [him, ...others] = clients as [Person, ...Person[]];

    // She marks, on her phone, from "Solicitudes".
    const e = await signedIn(phone, escort);
    // Its time passed: it is under "Pasadas".
    await open(e.page, '/panel/solicitudes?tab=pasadas');
    const meeting = e.page.getByTestId('meeting-card').filter({ hasText: him.nickname });
    const panel = meeting.getByTestId('attendance-panel');
    await panel.getByText('¿Cómo resultó la cita?').waitFor();
    await meeting.getByTestId('attendance-record').getByText('Nuevo').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(e.page, 'attendance-mark-phone');
    await panel.getByRole('button', { name: /no se presentó/ }).click();
    await panel.getByText(msg.attendanceSaved).waitFor();
    await panel.getByText(/^Marcaste que .* no se presentó\.$/).waitFor();
    expect(await panel.getByRole('button', { name: 'Se concretó' }).count()).toBe(0);
    expect(await violations(e.page)).toEqual([]);

    // He is mailed at once, with the link to the meeting (decision 0173).
    const mailed = await mailMatching(him.email, /no te presentaste[\s\S]*?\/Cita\/([0-9a-f-]{36})/);
    expect(mailed[1]).toBe(meetingIds.get(him.nickname));

    // He reads it on "Mis citas" and contests it.
    const c = await signedIn(phone, him);
    await open(c.page, '/mi-cuenta/citas?tab=pasadas');
    const his = c.page.getByTestId('meeting-card').filter({ hasText: escort.nickname });
    const hisPanel = his.getByTestId('attendance-panel');
    await hisPanel.getByText(/marcó que no te presentaste/).waitFor();
    await hisPanel.getByRole('button', { name: 'Reclamar' }).click();
    const form = hisPanel.getByRole('form', { name: 'Reclamar la ausencia' });
    await form
      .getByLabel('Tu versión para la administración (opcional)')
      .fill('Llegué a la hora; le escribí por el chat al llegar al hotel.');
    await hisPanel.scrollIntoViewIfNeeded();
    await screenshot(c.page, 'attendance-contest-phone');
    await form.getByRole('button', { name: 'Enviar reclamo' }).click();
    await hisPanel.getByText(msg.attendanceDisputed).waitFor();
    await hisPanel.getByText(/Reclamaste\. La administración lo está revisando/).waitFor();
    expect(await violations(c.page)).toEqual([]);

    // The administration cancels the absence, with a note. Its second factor is a code of the wall
    // clock's time, so the server's clock goes back for the login (settling does not depend on time).
    await serverClockAhead(0);
    const adm = await signedIn(desktop, 'admin');
    await open(adm.page, '/pendientes/asistencia');
    const item = adm.page.getByTestId('admin-attendance').filter({ hasText: him.nickname });
    await item.getByText('Llegué a la hora').waitFor();
    await item.getByText('Por resolver').waitFor();
    await item.getByRole('button', { name: 'Anular la ausencia' }).click();
    await adm.page.getByText(msg.alertNoteLength).waitFor();
    await item.getByLabel('Nota (queda en la auditoría)').fill('El chat muestra que llegó a la hora.');
    await screenshot(adm.page, 'attendance-admin-desktop');
    await item.getByRole('button', { name: 'Anular la ausencia' }).click();
    await adm.page.getByText(msg.attendanceAbsenceCancelled).waitFor();
    await item.getByText('Ausencia anulada').waitFor();
    expect(await violations(adm.page)).toEqual([]);

    // Three meetings both sides mark as completed: from the third her record shows as counts.
    await serverClockAhead(2 * 24 * HOUR + 6 * HOUR);
    for (const o of others) {
      await markVia(escort, o, 'concretada');
      await markVia(o, o, 'concretada');
    }
    await open(c.page, `/Card/${escort.nickname}`);
    const record = c.page.getByTestId('attendance-record');
    await record.getByText('3 citas concretadas').waitFor({ timeout: 15_000 });
    await record.getByText('0 ausencias').waitFor();
    await record.scrollIntoViewIfNeeded();
    await screenshot(c.page, 'attendance-card-phone');
    for (const [name, size] of [
      ['320', { width: 320, height: 740 }],
      ['desktop', desktop],
    ] as const) {
      await c.page.setViewportSize(size);
      await record.scrollIntoViewIfNeeded();
      await screenshot(c.page, `attendance-card-${name}`);
    }
    expect(await violations(c.page)).toEqual([]);

    // His card, as she sees it: one meeting is not a record yet.
    await open(e.page, `/CardCliente/${him.nickname}`);
    await e.page.getByTestId('attendance-record').getByText('Nuevo').waitFor();
    await e.page.setViewportSize({ width: 320, height: 740 });
    await open(e.page, '/panel/solicitudes?tab=pasadas');
    await e.page.getByTestId('meeting-card').first().waitFor();
    await screenshot(e.page, 'attendance-requests-320');

    for (const p of [e, c, adm]) await p.page.context().close();
  }, 360_000);
});
