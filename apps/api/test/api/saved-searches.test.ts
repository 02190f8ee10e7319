import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, queuedMails, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, escortProfiles } from '../../src/db/schema/index.ts';
import { call } from './marketplace-helpers.ts';
import { DAY, testClock } from './meetings-helpers.ts';

/**
 * Saved searches (decisions 0175, 0176): clients keep up to 10, only their own; the sweep tells them about
 * profiles newly placed in a search, one notice a day per search at most, never for a new photo.
 */
let t: TestApp;
const clock = testClock(new Date('2026-11-29T15:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t?.close();
});

const save = (who: FixtureAccount, body: unknown) => call(t.app, 'POST', '/busquedas', who, body);
const list = async (who: FixtureAccount) =>
  (await call(t.app, 'GET', '/busquedas', who)).json<{
    busquedas: { id: string; nombre: string; enlace: string }[];
  }>().busquedas;
const noticeMails = (to: string) => queuedMails(t.app, to, 'busquedas');
const sweep = () => t.app.background.sweepSavedSearches();
const client = () => createAccount(t.app, { kind: 'client', autorizado: 'aprobado', ciudad: 'Temuco' });
const escortIn = (ciudad: string) => createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad });

describe('saving, listing and deleting', () => {
  it('saves a search with its link, lists it, and deletes only its own', async () => {
    const me = await client();
    const other = await client();
    const res = await save(me, {
      nombre: '  Providencia, disponibles ',
      filtros: { comuna: 'providencia', con_galeria: 'true', servicio: ['masajes'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ busqueda: { id: string; nombre: string; enlace: string } }>().busqueda;
    expect(saved.nombre).toBe('Providencia, disponibles');
    expect(saved.enlace).toBe('/Escort/Providencia?con_galeria=true&servicio=masajes');
    expect((await list(me)).map((s) => s.id)).toEqual([saved.id]);
    expect(await list(other)).toEqual([]);

    const theirs = await call(t.app, 'DELETE', `/busquedas/${saved.id}`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().mensaje).toBe(msg.savedSearchNotFound);
    expect(await list(me)).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/busquedas/${saved.id}`, me)).statusCode).toBe(200);
    expect(await list(me)).toEqual([]);
    expect((await call(t.app, 'DELETE', `/busquedas/${saved.id}`, me)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/busquedas/no-es-un-id', me)).statusCode).toBe(400);
  });

  it('keeps at most 10 per client', async () => {
    const me = await client();
    for (let i = 0; i < 10; i++)
      expect((await save(me, { nombre: `Búsqueda ${i}`, filtros: { q: 'valeria' } })).statusCode).toBe(200);
    const eleventh = await save(me, { nombre: 'Una más', filtros: {} });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().mensaje).toBe(msg.savedSearchLimit);
    expect(await list(me)).toHaveLength(10);
    // Another client's count is his own.
    expect((await save(await client(), { nombre: 'Mía', filtros: {} })).statusCode).toBe(200);
  });

  it.each([
    ['an empty name', { nombre: '', filtros: {} }, msg.savedSearchName],
    ['a long name', { nombre: 'x'.repeat(61), filtros: {} }, msg.savedSearchName],
    ['an unknown comuna', { nombre: 'Mala', filtros: { comuna: 'atlantida' } }, msg.searchComuna],
    ['an age under 18', { nombre: 'Mala', filtros: { edad_min: '17' } }, msg.searchAge],
    ['operators only', { nombre: 'Mala', filtros: { q: '"\'&|!:*()' } }, msg.searchTextWords],
    ['words of 1 MB', { nombre: 'Mala', filtros: { q: 'x'.repeat(1_000_000) } }, null],
    ['an order', { nombre: 'Mala', filtros: { orden: 'recientes' } }, msg.savedSearchFilters],
    ['an unknown filter', { nombre: 'Mala', filtros: { inventado: '1' } }, msg.savedSearchFilters],
    ['filters as text', { nombre: 'Mala', filtros: 'comuna=providencia' }, msg.savedSearchFilters],
  ])('refuses %s with its Spanish message', async (_what, body, mensaje) => {
    const res = await save(await client(), body);
    // 1 MB is over the body limit (413) or the value's length (400): a clear 4xx either way, never a 500.
    if (mensaje === null) expect([400, 413]).toContain(res.statusCode);
    else {
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensaje);
    }
  });

  it("are in the client's data export, with their link and the mail switch", async () => {
    const me = await client();
    expect(
      (await save(me, { nombre: 'Arica, masajes', filtros: { comuna: 'arica', servicio: ['masajes'] } }))
        .statusCode,
    ).toBe(200);
    const res = await call(t.app, 'GET', '/cuenta/exportar', me);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.busquedas_guardadas).toEqual([
      {
        nombre: 'Arica, masajes',
        filtros: { comuna: 'arica', servicio: ['masajes'] },
        enlace: expect.stringMatching(/^http.*\/Escort\/Arica\?servicio=masajes$/),
        guardada_el: clock.now().toISOString(),
      },
    ]);
    expect(data.avisos_por_correo.busquedas).toBe(true);
    expect(data.avisos_en_el_telefono.busquedas).toBe(true);
  });

  it('is for signed-in clients only', async () => {
    const escort = await escortIn('Santiago');
    const res = await save(escort, { nombre: 'Yo', filtros: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().mensaje).toBe(msg.savedSearchClientsOnly);
    expect((await call(t.app, 'GET', '/busquedas', null)).statusCode).toBe(401);
  });
});

describe('the notice', () => {
  it('tells about new profiles in the place once a day per search, counting what came meanwhile', async () => {
    const me = await client();
    const before = await escortIn('Ñuñoa');
    const res = await save(me, { nombre: 'Ñuñoa, disponibles', filtros: { comuna: 'nunoa' } });
    expect(res.statusCode, res.body).toBe(200);
    await sweep();
    expect(await noticeMails(me.email)).toEqual([]);

    // A profile only changing its photo is not news.
    await t.app.db
      .update(accounts)
      .set({ url: '/media/fixture/otra.webp' })
      .where(eq(accounts.id, before.id));
    await t.app.db
      .update(escortProfiles)
      .set({ coverUrl: '/media/fixture/otra.webp' })
      .where(eq(escortProfiles.accountId, before.id));
    await sweep();
    expect(await noticeMails(me.email)).toEqual([]);

    // Newly listed there, and one moving in from elsewhere: two new profiles in one notice.
    await escortIn('Ñuñoa');
    await escortIn('Temuco');
    const mover = await escortIn('Santiago');
    await t.app.db
      .update(escortProfiles)
      .set({ cityKey: 'nunoa' })
      .where(eq(escortProfiles.accountId, mover.id));
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await noticeMails(me.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hay 2 perfiles nuevos en «Ñuñoa, disponibles»');
    expect(mail!.text).toContain('/Escort/Nunoa');
    expect(mail!.text).toContain('/mi-cuenta/busquedas');
    expect(mail!.headers['List-Unsubscribe']).toContain('/api/cuenta/notificaciones/baja?t=');

    // Another one within the day waits for the day to be over, and is counted then, once.
    await escortIn('Ñuñoa');
    await sweep();
    clock.advance(DAY - 60_000);
    await sweep();
    expect(await noticeMails(me.email)).toHaveLength(1);
    clock.advance(60_000);
    await sweep();
    const mails = await noticeMails(me.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Hay 1 perfil nuevo en «Ñuñoa, disponibles»');
    await sweep();
    expect(await noticeMails(me.email)).toHaveLength(2);
  });

  it('goes within a minute of the first new match, and not when the mail switch is off', async () => {
    const me = await client();
    const quiet = await client();
    for (const who of [me, quiet])
      expect((await save(who, { nombre: 'Arica', filtros: { comuna: 'arica' } })).statusCode).toBe(200);
    expect((await call(t.app, 'PUT', '/cuenta/notificaciones', quiet, { busquedas: false })).statusCode).toBe(
      200,
    );
    await escortIn('Arica');
    // The background sweep runs every 20 s; one pass is what the minute allows.
    await sweep();
    expect(await noticeMails(me.email)).toHaveLength(1);
    expect(await noticeMails(quiet.email)).toEqual([]);
  });
});
