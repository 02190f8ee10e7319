import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { auditLog, escortProfiles, reports } from '../../src/db/schema/index.ts';
import { sitemapText } from '../helpers/sitemap.ts';
import { acceptedMeeting, chileTime, DAY, outboxFor } from './meetings-helpers.ts';
import { msg } from '@encanto/core/messages';

let t: TestApp;
let admin: FixtureAccount;
let client: FixtureAccount;
beforeAll(async () => {
  // Rate limits off here; the limit has its own app below.
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  admin = await createAccount(t.app, { kind: 'admin' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t?.close();
});

const report = (body: object, who?: FixtureAccount, app = t.app, remoteAddress = '203.0.113.10') =>
  app.inject({
    method: 'POST',
    url: '/api/denuncias',
    payload: body,
    headers: who ? bearer(who) : {},
    remoteAddress,
  });
const decide = (id: number, action: string, who: FixtureAccount | null = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/denuncias/${id}/${action}`,
    headers: who ? bearer(who) : {},
    // "Suspender perfil" needs the admin's reason (decision 0147).
    ...(action === 'suspender' ? { payload: { motivo: 'Fotos de otra persona' } } : {}),
  });
const card = async (nickname: string) => (await t.app.inject(`/api/usuario/publico/${nickname}`)).statusCode;
const flags = async (e: FixtureAccount) =>
  (await t.app.db.select().from(escortProfiles).where(eq(escortProfiles.accountId, e.id)))[0]!;
const audit = async (e: FixtureAccount) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.accountId, e.id)).orderBy(auditLog.id)).map(
    (a) => [a.action, a.adminNickname],
  );
const reportsOf = async (e: FixtureAccount) =>
  t.app.db.select().from(reports).where(eq(reports.escortId, e.id)).orderBy(reports.id);
/** The client had a meeting she accepted: his possible-minor report may hold her profile before review. */
const meet = (e: FixtureAccount, who: FixtureAccount = client) =>
  acceptedMeeting(t.app, who, e, chileTime(new Date(), DAY));

describe('POST /api/denuncias', () => {
  it('files a report from a visitor or a logged-in account (201)', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const res = await report({
      nickname_usuario: escort.nickname,
      motivo: 'spam',
      detalle: '  Publica lo mismo en todas las ciudades  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ mensaje: 'Gracias por avisarnos. Revisaremos la denuncia a la brevedad.' });
    expect(
      (await report({ nickname_usuario: escort.nickname.toUpperCase(), motivo: 'suplantacion' }, client))
        .statusCode,
    ).toBe(201);
    const rows = await reportsOf(escort);
    expect(rows.map((r) => [r.reason, r.detail, r.reporterId, r.status])).toEqual([
      ['spam', 'Publica lo mismo en todas las ciudades', null, 'abierta'],
      ['suplantacion', '', client.id, 'abierta'],
    ]);
    // Not a hold reason: the profile stays visible.
    expect(await card(escort.nickname)).toBe(200);
  });

  it('refuses an unknown profile or a client nickname (404)', async () => {
    for (const nickname of ['noexiste1', client.nickname]) {
      const res = await report({ nickname_usuario: nickname, motivo: 'otro' });
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe('No encontramos el perfil que quieres denunciar.');
    }
  });

  it('refuses a missing or unknown reason and a detail over 1000 characters (400)', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    for (const body of [
      { nickname_usuario: escort.nickname },
      { nickname_usuario: escort.nickname, motivo: 'aburrida' },
    ]) {
      const res = await report(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe('Elige un motivo para la denuncia.');
    }
    const long = await report({
      nickname_usuario: escort.nickname,
      motivo: 'otro',
      detalle: 'a'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().mensaje).toBe('El detalle puede tener como máximo 1000 caracteres.');
    expect(
      (await report({ nickname_usuario: escort.nickname, motivo: 'otro', detalle: 'a'.repeat(1000) }))
        .statusCode,
    ).toBe(201);
    const noTarget = await report({ motivo: 'otro' });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().mensaje).toBe('No encontramos el perfil que quieres denunciar.');
  });

  it('a possible-minor report from an approved client she accepted a meeting with hides the profile at once, everywhere, and logs the hold', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Osorno' });
    await meet(escort);
    expect(await card(escort.nickname)).toBe(200);
    expect((await t.app.inject('/api/usuario/ciudad/Osorno')).body).toContain(escort.nickname);
    expect((await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, client)).statusCode).toBe(
      201,
    );
    expect(await flags(escort)).toMatchObject({ suspended: true, listed: false, public: false });
    expect(await card(escort.nickname)).toBe(404);
    expect((await t.app.inject('/api/usuario/ciudad/Osorno')).body).not.toContain(escort.nickname);
    expect(await sitemapText(t.app)).not.toContain(`/Card/${escort.nickname}`);
    expect(await audit(escort)).toEqual([['perfil_en_espera', 'sistema']]);
  });
});

describe('rate limit', () => {
  it('an IP may file 10 reports an hour; the 11th is 429', async () => {
    const limited = await createTestApp();
    try {
      const escort = await createAccount(limited.app, { kind: 'escort', autorizado: 'aprobado' });
      for (let i = 0; i < 10; i++)
        expect(
          (await report({ nickname_usuario: escort.nickname, motivo: 'spam' }, undefined, limited.app))
            .statusCode,
        ).toBe(201);
      const res = await report({ nickname_usuario: escort.nickname, motivo: 'spam' }, undefined, limited.app);
      expect(res.statusCode).toBe(429);
      expect(res.json().mensaje).toBe('Demasiados intentos. Espera un momento e inténtalo de nuevo.');
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/denuncias (admin)', () => {
  it('401 without a session, 403 for clients and escorts', async () => {
    expect((await t.app.inject('/api/denuncias')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/denuncias', headers: bearer(client) })).statusCode).toBe(403);
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await t.app.inject({ url: '/api/denuncias', headers: bearer(escort) })).statusCode).toBe(403);
  });

  it('lists open reports, visible possible minors first (urgent), then held ones, with the profile state', async () => {
    const a = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const b = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const c = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await meet(c);
    await report({ nickname_usuario: a.nickname, motivo: 'spam' });
    await report({ nickname_usuario: c.nickname, motivo: 'menor' }, client);
    await report({ nickname_usuario: b.nickname, motivo: 'menor', detalle: 'Parece muy joven' });
    const res = await t.app.inject({ url: '/api/denuncias', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      nickname_usuario: string;
      motivo: string;
      estado: string;
      perfil_suspendido: boolean;
      denuncias_abiertas: number;
      denunciantes: number;
      detalle: string;
      urgente: boolean;
    }[];
    expect(list.every((r) => r.estado === 'abierta')).toBe(true);
    // An anonymous report alone leaves the profile visible: urgent, at the top.
    expect(list[0]).toMatchObject({
      nickname_usuario: b.nickname,
      motivo: 'menor',
      urgente: true,
      perfil_suspendido: false,
      denuncias_abiertas: 1,
      denunciantes: 1,
      detalle: 'Parece muy joven',
    });
    const held = list.findIndex((r) => r.nickname_usuario === c.nickname);
    expect(list[held]).toMatchObject({ motivo: 'menor', urgente: false, perfil_suspendido: true });
    const spam = list.findIndex((r) => r.nickname_usuario === a.nickname);
    expect(list[spam]).toMatchObject({ perfil_suspendido: false, motivo: 'spam', urgente: false });
    expect(held).toBeLessThan(spam);
    expect(list.filter((r) => r.urgente).every((r, i) => list[i] === r)).toBe(true);
    const all = await t.app.inject({ url: '/api/denuncias?estado=todas', headers: bearer(admin) });
    expect(all.json().length).toBeGreaterThanOrEqual(list.length);
    expect(
      (await t.app.inject({ url: '/api/denuncias?estado=rara', headers: bearer(admin) })).statusCode,
    ).toBe(400);
  });
});

describe('decisions', () => {
  it('dismissing a possible-minor report lifts the hold; the decision is in the audit log', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await meet(escort);
    await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, client);
    const [r] = await reportsOf(escort);
    expect((await decide(r!.id, 'descartar', client)).statusCode).toBe(403);
    expect((await decide(r!.id, 'descartar', null)).statusCode).toBe(401);
    const res = await decide(r!.id, 'descartar');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Denuncia descartada.' });
    expect(await flags(escort)).toMatchObject({ suspended: false, public: true, listed: true });
    expect(await card(escort.nickname)).toBe(200);
    expect((await reportsOf(escort))[0]).toMatchObject({ status: 'descartada', decidedBy: admin.id });
    expect(await audit(escort)).toEqual([
      ['perfil_en_espera', 'sistema'],
      ['denuncia_descartada', admin.nickname],
    ]);
    const again = await decide(r!.id, 'descartar');
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe('Esta denuncia ya fue revisada.');
  });

  it('two anonymous reporters do not hold the profile; two witnesses do, and either report keeps it while open', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, undefined, t.app, '198.51.100.1');
    expect((await flags(escort)).suspended).toBe(false);
    await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, undefined, t.app, '198.51.100.2');
    expect((await flags(escort)).suspended).toBe(false);
    const other = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await meet(escort);
    await meet(escort, other);
    await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, client, t.app, '198.51.100.3');
    expect((await flags(escort)).suspended).toBe(true);
    await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, other, t.app, '198.51.100.4');
    expect((await reportsOf(escort)).map((r) => r.holds)).toEqual([false, false, true, true]);
    const [, , first, second] = await reportsOf(escort);
    await decide(first!.id, 'descartar');
    expect((await flags(escort)).suspended).toBe(true);
    await decide(second!.id, 'descartar');
    expect((await flags(escort)).suspended).toBe(false);
  });

  it('suspending hides the profile until reinstated, closing its open reports; reinstating shows it again', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await report({
      nickname_usuario: escort.nickname,
      motivo: 'trata',
      detalle: 'Otra persona contesta el teléfono',
    });
    await report({ nickname_usuario: escort.nickname, motivo: 'spam' });
    const [first, second] = await reportsOf(escort);
    const res = await decide(first!.id, 'suspender');
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toBe('Perfil suspendido: no se mostrará hasta que lo reincorpores.');
    expect(await flags(escort)).toMatchObject({ suspended: true, public: false, listed: false });
    expect(await card(escort.nickname)).toBe(404);
    expect((await reportsOf(escort)).map((r) => r.status)).toEqual(['suspendida', 'suspendida']);
    expect((await decide(second!.id, 'suspender')).statusCode).toBe(409);

    // A new spam report dismissed meanwhile does not lift an admin suspension.
    await report({ nickname_usuario: escort.nickname, motivo: 'spam' });
    const third = (await reportsOf(escort))[2]!;
    await decide(third.id, 'descartar');
    expect((await flags(escort)).suspended).toBe(true);

    const back = await decide(first!.id, 'reincorporar');
    expect(back.statusCode).toBe(200);
    expect(back.json().mensaje).toBe('Perfil reincorporado.');
    expect(await flags(escort)).toMatchObject({ suspended: false, public: true, listed: true });
    expect(await card(escort.nickname)).toBe(200);
    const notSuspended = await decide(first!.id, 'reincorporar');
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().mensaje).toBe('El perfil no está suspendido.');
    expect((await audit(escort)).map(([a]) => a)).toEqual([
      'perfil_suspendido',
      'denuncia_descartada',
      'perfil_reincorporado',
    ]);
  });

  it('a suspension needs a reason, mails it to the escort and can be undone from the audit log (decision 0147)', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await report({ nickname_usuario: escort.nickname, motivo: 'suplantacion' });
    const [r] = await reportsOf(escort);
    for (const payload of [{}, { motivo: '  ' }]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/denuncias/${r!.id}/suspender`,
        headers: bearer(admin),
        payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().mensaje).toBe(msg.suspensionReasonRequired);
    }
    expect((await flags(escort)).suspended).toBe(false);

    expect((await decide(r!.id, 'suspender')).statusCode).toBe(200);
    const mail = (await outboxFor(t.app, escort.email)).at(-1)!;
    expect(mail.subject).toMatch(/suspendimos tu perfil/);
    expect(mail.text).toContain('Motivo: Fotos de otra persona');

    const log = async () =>
      (await t.app.inject({ url: '/api/admin/auditoria', headers: bearer(admin) })).json() as {
        id: number;
        cuenta: string;
        accion: string;
        motivos: string;
        deshacible: boolean;
      }[];
    const entry = (await log()).find(
      (e) => e.cuenta === escort.nickname && e.accion === 'perfil_suspendido',
    )!;
    expect(entry.motivos).toContain('Fotos de otra persona');
    expect(entry.deshacible).toBe(true);
    const undo = (who: FixtureAccount) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/auditoria/${entry.id}/deshacer`,
        headers: bearer(who),
      });
    expect((await undo(client)).statusCode).toBe(403);
    const undone = await undo(admin);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().mensaje).toBe(msg.suspensionUndone);
    expect(await flags(escort)).toMatchObject({ suspended: false, public: true, listed: true });
    expect((await log()).find((e) => e.id === entry.id)!.deshacible).toBe(false);
    const again = await undo(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe(msg.suspensionUndoStale);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auditoria/99999999/deshacer',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('reinstating a profile on hold dismisses its open reports', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await meet(escort);
    await report({ nickname_usuario: escort.nickname, motivo: 'menor' }, client);
    const [r] = await reportsOf(escort);
    expect((await decide(r!.id, 'reincorporar')).statusCode).toBe(200);
    expect((await reportsOf(escort))[0]!.status).toBe('descartada');
    expect((await flags(escort)).public).toBe(true);
  });

  it('404 for an unknown report, 400 for a bad id', async () => {
    for (const action of ['descartar', 'suspender', 'reincorporar']) {
      const res = await decide(999999, action);
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe('La denuncia no existe.');
    }
    expect((await decide(0, 'descartar')).statusCode).toBe(400);
  });
});
