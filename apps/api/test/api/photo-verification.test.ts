import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { auditActionLabels } from '@encanto/core/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { photoVerifications } from '../../src/db/schema/index.ts';
import { runRetention } from '../../src/modules/data-rights/retention.ts';
import { depsOf } from '../../src/deps.ts';
import { sessionCookieName } from '../../src/plugins/session-cookie.ts';
import { outboxFor, testClock } from './meetings-helpers.ts';
import {
  approvedWithDocument,
  multipartForm,
  patternPhoto,
  uploadGalleryImage,
  uploadProfilePhoto,
} from './safety-helpers.ts';
import { photoCheckApprovedSubject } from '../../src/mail-templates/photo-check-approved.ts';

const clock = testClock();
let t: TestApp;
let admin: FixtureAccount;
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  admin = await createAccount(t.app, { kind: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const get = (who: FixtureAccount | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} });

const CODE_URL = '/api/usuario/verificacion-fotos/codigo';
/** Issuing a code is a POST: it replaces the code before, so it is a change of state. */
const newCode = (who: FixtureAccount | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: CODE_URL, headers: { ...(who ? bearer(who) : {}), ...headers } });

async function code(escort: FixtureAccount): Promise<string> {
  const res = await newCode(escort);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().codigo;
}

async function sendSelfie(escort: FixtureAccount, codigo: string, seed = 7) {
  const form = multipartForm(await patternPhoto(seed), { codigo });
  return t.app.inject({
    method: 'POST',
    url: '/api/usuario/verificacion-fotos',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(escort) },
  });
}

const decide = (id: string, action: 'aprobar' | 'rechazar', body?: object, who = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/verificaciones-fotos/${id}/${action}`,
    headers: bearer(who),
    ...(body ? { payload: body } : {}),
  });

async function card(escort: FixtureAccount) {
  const res = await get(null, `/api/usuario/publico/${escort.nickname}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** An approved escort with a profile photo, whose selfie an admin approved. */
async function verifiedEscort(): Promise<FixtureAccount> {
  const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  expect((await uploadProfilePhoto(t, escort, await patternPhoto(1))).statusCode).toBe(201);
  const sent = await sendSelfie(escort, await code(escort));
  expect(sent.statusCode, sent.body).toBe(201);
  expect((await decide(sent.json().id, 'aprobar')).statusCode).toBe(200);
  expect((await card(escort)).fotos_verificadas).toBe(true);
  return escort;
}

describe('photo verification code', () => {
  it('is ENCANTO- plus 4 characters, valid 30 minutes, for approved escorts only', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const res = await newCode(escort);
    expect(res.statusCode).toBe(200);
    expect(res.json().codigo).toMatch(/^ENCANTO-[A-Z2-9]{4}$/);
    expect(new Date(res.json().vence).getTime() - clock.now().getTime()).toBe(30 * 60_000);
    expect(res.headers['cache-control']).toBe('no-store');

    const pending = await createAccount(t.app, { kind: 'escort' });
    const refused = await newCode(pending);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().mensaje).toBe(msg.photoCheckNotApproved);
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    expect((await newCode(client)).statusCode).toBe(403);
    expect((await newCode(null)).statusCode).toBe(401);
  });

  it('is never issued by a GET: a link or a cross-site navigation cannot replace the code on paper', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await uploadProfilePhoto(t, escort, await patternPhoto(3))).statusCode).toBe(201);
    const onPaper = await code(escort);
    // A top-level navigation from another site carries the SameSite=Lax cookie; with a GET route
    // it issued a new code and voided the one she had written down.
    const cookie = { cookie: `${sessionCookieName(t.config.siteUrl)}=${escort.token}` };
    const viaGet = await t.app.inject({ method: 'GET', url: CODE_URL, headers: cookie });
    expect(viaGet.statusCode).toBe(404);
    // A cross-site POST with the cookie is refused by the Origin check.
    const crossSite = await newCode(null, { ...cookie, origin: 'https://malo.example' });
    expect(crossSite.statusCode).toBe(403);
    const sent = await sendSelfie(escort, onPaper);
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('refuses a selfie with a wrong or expired code (400 in Spanish)', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const first = await code(escort);
    const res = await sendSelfie(escort, 'ENCANTO-ZZZZ');
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.photoCheckCodeMissing);
    clock.advance(31 * 60_000);
    const late = await sendSelfie(escort, first);
    expect(late.statusCode).toBe(400);
    expect(late.json().mensaje).toBe(msg.photoCheckCodeMissing);
    clock.set(new Date());
  });

  it('gives the same code until it expires, and shows it in the state after a reload (decision 0146)', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const start = clock.now();
    const first = await newCode(escort);
    clock.advance(29 * 60_000);
    const again = await newCode(escort);
    expect(again.json()).toEqual(first.json());
    const state = await get(escort, '/api/usuario/verificacion-fotos');
    expect(state.json().codigo).toEqual(first.json());
    clock.advance(2 * 60_000);
    expect((await get(escort, '/api/usuario/verificacion-fotos')).json().codigo).toBeNull();
    const fresh = await newCode(escort);
    expect(fresh.json().vence).not.toBe(first.json().vence);
    expect(new Date(fresh.json().vence).getTime() - clock.now().getTime()).toBe(30 * 60_000);
    clock.set(start);
  });
});

describe('selfie upload and review', () => {
  it('stores the selfie encrypted, readable by its owner and admins only, one pending at a time', async () => {
    const escort = await approvedWithDocument(t);
    const sent = await sendSelfie(escort, (await code(escort)).toLowerCase());
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().mensaje).toBe(msg.photoCheckSent);
    // The code is spent; a second selfie while one waits is 409.
    const again = await sendSelfie(escort, await code(escort));
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe(msg.photoCheckPending);

    const list = await get(admin, '/api/admin/verificaciones-fotos');
    expect(list.statusCode).toBe(200);
    const item = list.json().find((v: { nickname: string }) => v.nickname === escort.nickname);
    expect(item.codigo).toMatch(/^ENCANTO-/);
    expect(item.documento_url).toMatch(/^\/api\/upload\/documento\//);
    expect(item.selfie_url).toMatch(/^\/api\/usuario\/verificacion-fotos\/selfie\/[a-f0-9]{32}$/);

    const own = await get(escort, item.selfie_url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await get(admin, item.selfie_url)).statusCode).toBe(200);
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await get(other, item.selfie_url)).statusCode).toBe(403);
    expect((await get(null, item.selfie_url)).statusCode).toBe(401);
    // Never under /media, and the stored bytes are not a JPEG (encrypted).
    const [row] = await t.app.db
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.id, sent.json().id));
    const raw = await t.app.services.documents.readRaw(row!.storageKey!);
    expect(raw!.subarray(0, 5).toString()).toBe('ENCD1');

    expect((await get(escort, '/api/admin/verificaciones-fotos')).statusCode).toBe(403);
  });

  it('approval gives the public card fotos_verificadas, an audit entry and a mail', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await card(escort)).fotos_verificadas).toBe(false);
    const sent = await sendSelfie(escort, await code(escort));
    expect((await decide(sent.json().id, 'aprobar', undefined, escort)).statusCode).toBe(403);
    const ok = await decide(sent.json().id, 'aprobar');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().mensaje).toBe(msg.photoCheckApproved);
    expect((await card(escort)).fotos_verificadas).toBe(true);
    expect((await decide(sent.json().id, 'aprobar')).statusCode).toBe(409);

    const state = await get(escort, '/api/usuario/verificacion-fotos');
    expect(state.json()).toMatchObject({ fotos_verificadas: true, ultima: { estado: 'aprobada' } });
    const audit = await get(admin, '/api/admin/auditoria?limite=20');
    const entry = audit.json().find((e: { cuenta: string }) => e.cuenta === escort.nickname);
    expect(entry.accion).toBe('fotos_verificadas');
    expect(auditActionLabels.fotos_verificadas).toBeTruthy();
    const [mail] = await outboxFor(t.app, escort.email);
    expect(mail!.subject).toBe(photoCheckApprovedSubject);
  });

  it('rejection needs a reason, is audited with it and mailed', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const sent = await sendSelfie(escort, await code(escort));
    const empty = await decide(sent.json().id, 'rechazar', { motivo: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensaje).toBe(msg.photoCheckReasonRequired);
    const ok = await decide(sent.json().id, 'rechazar', { motivo: 'No se ve el código en el papel' });
    expect(ok.statusCode).toBe(200);
    expect((await card(escort)).fotos_verificadas).toBe(false);
    const state = await get(escort, '/api/usuario/verificacion-fotos');
    expect(state.json().ultima).toMatchObject({
      estado: 'rechazada',
      motivo: 'No se ve el código en el papel',
    });
    const audit = await get(admin, '/api/admin/auditoria?limite=20');
    const entry = audit.json().find((e: { cuenta: string }) => e.cuenta === escort.nickname);
    expect(entry).toMatchObject({
      accion: 'verificacion_fotos_rechazada',
      motivos: 'No se ve el código en el papel',
    });
    const mails = await outboxFor(t.app, escort.email);
    expect(mails.at(-1)!.text).toContain('No se ve el código en el papel');
    expect((await decide('00000000-0000-4000-8000-000000000000', 'aprobar')).statusCode).toBe(404);
  });
});

describe('the badge never covers unchecked photos', () => {
  it('replacing the profile photo sets it back to false', async () => {
    const escort = await verifiedEscort();
    const photo = await get(escort, `/api/upload/obtener-imagen-perfil-escort/${escort.nickname}`);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-perfil-escort/${escort.nickname}/${photo.json().publicId}`,
      headers: bearer(escort),
    });
    expect(del.statusCode).toBe(200);
    // Deleting alone leaves nothing unchecked; the new photo is what resets it.
    expect((await card(escort)).fotos_verificadas).toBe(true);
    expect((await uploadProfilePhoto(t, escort, await patternPhoto(2))).statusCode).toBe(201);
    expect((await card(escort)).fotos_verificadas).toBe(false);
  });

  it('adding a gallery image sets it back to false', async () => {
    const escort = await verifiedEscort();
    const res = await uploadGalleryImage(t, escort, await patternPhoto(3));
    expect(res.statusCode, res.body).toBe(201);
    expect((await card(escort)).fotos_verificadas).toBe(false);
    const state = await get(escort, '/api/usuario/verificacion-fotos');
    expect(state.json().fotos_verificadas).toBe(false);
  });
});

describe('retention', () => {
  it('deletes the selfie 30 days after the decision, keeping the record', async () => {
    const escort = await verifiedEscort();
    const [row] = await t.app.db
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.accountId, escort.id));
    const deps = depsOf(t.app);
    const soon = await runRetention(deps, new Date(Date.now() + 29 * 86_400_000));
    expect(soon.selfies).toBe(0);
    const later = await runRetention(deps, new Date(Date.now() + 31 * 86_400_000));
    expect(later.selfies).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.documents.readRaw(row!.storageKey!)).toBeNull();
    const [after] = await t.app.db
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.id, row!.id));
    expect(after!.storageKey).toBeNull();
    expect(after!.status).toBe('aprobada');
  });
});
