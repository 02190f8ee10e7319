import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { normalizeRut } from '@encanto/core/rut';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import {
  accounts,
  auditLog,
  comments,
  escortRatings,
  clientRatings,
  ratingTotals,
  reports,
  sessions,
} from '../../src/db/schema/index.ts';
import { sitemapText } from '../helpers/sitemap.ts';
import {
  addComment,
  addDocument,
  addFavorite,
  addMeeting,
  addPhoto,
  addVideo,
  fileExists,
  listFiles,
  mp4Bytes,
  pngBytes,
  rateClient,
  rateEscort,
  rowsMentioning,
} from './data-rights-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const del = (account: FixtureAccount | null, body: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/cuenta',
    headers: account ? bearer(account) : {},
    payload: body as object,
  });

describe('DELETE /api/cuenta refusals', () => {
  it('needs a session (401)', async () => {
    const res = await del(null, { pass: 'clave1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json().mensaje).toBe('Debes iniciar sesión para continuar.');
  });

  it('needs the password (400) and refuses a wrong one (401) without deleting anything', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const missing = await del(client, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().mensaje).toBe('Por favor, completa todos los campos.');
    const wrong = await del(client, { pass: 'otraclave9' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ mensaje: 'La contraseña no es correcta.', code: 'WRONG_PASSWORD' });
    const [still] = await t.app.db.select().from(accounts).where(eq(accounts.id, client.id));
    expect(still).toBeDefined();
  });

  it('refuses admin accounts (403)', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const res = await del(admin, { pass: admin.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().mensaje).toBe(
      'Las cuentas de administración se eliminan desde la consola del servidor.',
    );
  });
});

describe('DELETE /api/cuenta by an escort', () => {
  it('leaves no row or file of her, keeps others’ content true and frees nickname, e-mail and RUT', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const other = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Temuco' });
    const admin = await createAccount(t.app, { kind: 'admin' });

    const profile = await addPhoto(t.app, escort, 'profile', await pngBytes(1));
    await t.app.db.update(accounts).set({ url: profile.url }).where(eq(accounts.id, escort.id));
    const gallery = await addPhoto(t.app, escort, 'gallery', await pngBytes(2));
    const shared = await addPhoto(t.app, escort, 'gallery', await pngBytes(3));
    await addPhoto(t.app, other, 'gallery', await pngBytes(3)); // same bytes, same files: must survive
    const video = await addVideo(t.app, escort, mp4Bytes(11));
    const doc = await addDocument(t.app, escort);
    await addFavorite(t.app, client, escort);
    const meeting = await addMeeting(t.app, client, escort, 'cerrada');
    await addMeeting(t.app, client, escort, 'pendiente');
    await addComment(t.app, client, escort, 'Muy amable');
    await rateEscort(t.app, client, escort, 9, meeting);
    await rateClient(t.app, escort, client, 7, meeting); // she rated the client: stays, anonymised
    await addComment(t.app, client, other, 'Puntual');
    await t.app.inject({
      method: 'POST',
      url: '/api/denuncias',
      payload: { nickname_usuario: escort.nickname, motivo: 'spam' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/bloqueos',
      headers: bearer(escort),
      payload: { nickname_cliente: client.nickname },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/cuenta/rectificacion',
      headers: bearer(escort),
      payload: { campo: 'nombre', valor: 'Nombre Correcto Largo' },
    });
    await t.app.db.insert(auditLog).values({
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: escort.id,
      accountNickname: escort.nickname,
      action: 'autorizado',
    });

    const listed = await t.app.inject('/api/usuario/ciudad/Temuco');
    expect(listed.json().map((c: { nickname: string }) => c.nickname)).toContain(escort.nickname);
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(200);
    expect(await sitemapText(t.app)).toContain(`/Card/${escort.nickname}`);
    const store = t.app.services.media;
    const herKeys = [...profile.variants, ...gallery.variants, ...video.variants].map((v) =>
      store.localPath!(v.key),
    );
    for (const f of [...herKeys, doc.file]) expect(await fileExists(f)).toBe(true);

    const res = await del(escort, { pass: escort.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mensaje: 'Tu cuenta y tus datos fueron eliminados. Gracias por haber sido parte.',
    });

    // No row mentions her, except the audit log.
    const needles = [escort.id, escort.nickname, escort.email, normalizeRut(escort.rut)];
    const left = await rowsMentioning(t.app, needles);
    expect(Object.keys(left)).toEqual(['audit_log']);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.accountNickname, escort.nickname));
    expect(audit.map((a) => a.action).sort()).toEqual(['autorizado', 'cuenta_eliminada']);
    expect(audit.every((a) => a.accountId === null)).toBe(true);
    expect(await t.app.db.select().from(reports).where(eq(reports.escortNickname, escort.nickname))).toEqual(
      [],
    );

    // Files: every variant of her photos and video, and her document, are gone; shared bytes stay.
    for (const f of [...herKeys, doc.file]) expect(await fileExists(f)).toBe(false);
    for (const v of shared.variants) expect(await fileExists(store.localPath!(v.key))).toBe(true);
    expect(await listFiles(path.join(t.dataDir, 'documents'))).toEqual([]);

    // What she wrote about the client stays, anonymised; the client's average is unchanged.
    const [rating] = await t.app.db.select().from(clientRatings).where(eq(clientRatings.clientId, client.id));
    expect(rating).toMatchObject({
      calificador: 'Usuario eliminado',
      raterId: null,
      meetingId: null,
      nota1: 7,
    });
    const [clientTotals] = await t.app.db
      .select()
      .from(ratingTotals)
      .where(eq(ratingTotals.accountId, client.id));
    expect(clientTotals).toMatchObject({ count: 1, sum1: 7 });
    // What others wrote about her went with her; the client's other comment stays.
    expect(await t.app.db.select().from(escortRatings).where(eq(escortRatings.raterId, client.id))).toEqual(
      [],
    );
    const clientComments = await t.app.db.select().from(comments).where(eq(comments.clientId, client.id));
    expect(clientComments.map((c) => c.comentario)).toEqual(['Puntual']);

    // The public card, listings and sitemap drop her at once.
    expect((await t.app.inject(`/api/usuario/publico/${escort.nickname}`)).statusCode).toBe(404);
    const after = await t.app.inject('/api/usuario/ciudad/Temuco');
    expect(after.json().map((c: { nickname: string }) => c.nickname)).not.toContain(escort.nickname);
    expect((await t.app.inject('/api/ultimos')).body).not.toContain(escort.nickname);
    expect(await sitemapText(t.app)).not.toContain(`/Card/${escort.nickname}`);

    // Her token no longer works.
    expect((await t.app.inject({ url: '/api/cuenta/mis-datos', headers: bearer(escort) })).statusCode).toBe(
      401,
    );

    // Nickname, e-mail and RUT are free again.
    const again = await createAccount(t.app, { kind: 'client', nickname: escort.nickname });
    await t.app.db
      .update(accounts)
      .set({
        rut: escort.rut,
        rutNorm: normalizeRut(escort.rut),
        email: escort.email,
        emailNorm: escort.email.toLowerCase(),
      })
      .where(eq(accounts.id, again.id));
    const [reused] = await t.app.db.select().from(accounts).where(eq(accounts.id, again.id));
    expect(reused).toMatchObject({ nickname: escort.nickname, email: escort.email });
  });
});

describe('DELETE /api/cuenta by a client', () => {
  it('removes favourites, requests and sessions; comments and ratings stay as Usuario eliminado; averages stay true', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const photo = await addPhoto(t.app, client, 'profile', await pngBytes(40));
    const doc = await addDocument(t.app, client);
    await addFavorite(t.app, client, escort);
    await addMeeting(t.app, client, escort, 'pendiente');
    const meeting = await addMeeting(t.app, client, escort, 'cerrada');
    await addComment(t.app, client, escort, 'Excelente atención');
    await rateEscort(t.app, client, escort, 8, meeting);
    await rateClient(t.app, escort, client, 6, meeting);
    // A second session on another device goes too.
    await createSession(t.app.db, client.id, t.app.services.clock.now());
    expect(await t.app.db.select().from(sessions).where(eq(sessions.accountId, client.id))).toHaveLength(2);
    const [before] = await t.app.db.select().from(ratingTotals).where(eq(ratingTotals.accountId, escort.id));

    const res = await del(client, { pass: client.password });
    expect(res.statusCode).toBe(200);

    const left = await rowsMentioning(t.app, [
      client.id,
      client.nickname,
      client.email,
      normalizeRut(client.rut),
    ]);
    expect(Object.keys(left)).toEqual(['audit_log']);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.accountId, client.id))).toEqual([]);

    const [comment] = await t.app.db.select().from(comments).where(eq(comments.escortId, escort.id));
    expect(comment).toMatchObject({
      nickCliente: 'Usuario eliminado',
      clientId: null,
      comentario: 'Excelente atención',
    });
    const [rating] = await t.app.db.select().from(escortRatings).where(eq(escortRatings.escortId, escort.id));
    expect(rating).toMatchObject({ calificador: 'Usuario eliminado', raterId: null, nota1: 8 });
    const [afterTotals] = await t.app.db
      .select()
      .from(ratingTotals)
      .where(eq(ratingTotals.accountId, escort.id));
    expect(afterTotals).toEqual(before);

    for (const v of photo.variants)
      expect(await fileExists(t.app.services.media.localPath!(v.key))).toBe(false);
    expect(await fileExists(doc.file)).toBe(false);
  });
});
