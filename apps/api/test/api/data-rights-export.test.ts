import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import {
  accounts,
  auditLog,
  escortProfiles,
  photoVerifications,
  safetyCheckins,
} from '../../src/db/schema/index.ts';
import {
  addComment,
  addDocument,
  addFavorite,
  addMeeting,
  addPhoto,
  pngBytes,
  rateClient,
  rateEscort,
} from './data-rights-fixtures.ts';

let t: TestApp;
let escort: FixtureAccount;
let client: FixtureAccount;
let admin: FixtureAccount;
beforeAll(async () => {
  t = await createTestApp();
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Valdivia' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
  admin = await createAccount(t.app, { kind: 'admin' });
  await t.app.db
    .update(escortProfiles)
    .set({ medidas: '90/60/90', legenda: 'Sobre mí' })
    .where(eq(escortProfiles.accountId, escort.id));
  await addPhoto(t.app, escort, 'profile', await pngBytes(21));
  await addPhoto(t.app, escort, 'gallery', await pngBytes(22));
  await addDocument(t.app, escort);
  await addFavorite(t.app, client, escort);
  const meeting = await addMeeting(t.app, client, escort, 'cerrada');
  await addComment(t.app, client, escort, 'Encantadora');
  await rateEscort(t.app, client, escort, 9, meeting);
  await rateClient(t.app, escort, client, 6, meeting);
  await t.app.db.insert(auditLog).values({
    adminId: admin.id,
    adminNickname: admin.nickname,
    accountId: escort.id,
    accountNickname: escort.nickname,
    action: 'autorizado',
    reasons: 'Cuenta Autorizada',
  });
  // Decision 0100: one rejected selfie (already deleted), one approved whose selfie is still stored, one check-in.
  const day = 86_400_000;
  await t.app.db.insert(photoVerifications).values([
    {
      accountId: escort.id,
      code: 'ENCANTO-AB23',
      storageKey: null,
      publicId: 'pv-rechazada',
      status: 'rechazada',
      motivo: 'El código no se lee',
      decidedAt: new Date(Date.now() - 3 * day),
      createdAt: new Date(Date.now() - 4 * day),
    },
    {
      accountId: escort.id,
      code: 'ENCANTO-CD45',
      storageKey: 'selfies/clave-secreta-del-almacen',
      publicId: 'pv-aprobada',
      status: 'aprobada',
      decidedAt: new Date(Date.now() - day),
      createdAt: new Date(Date.now() - 2 * day),
    },
  ]);
  await t.app.db
    .update(escortProfiles)
    .set({ fotosVerificadas: true })
    .where(eq(escortProfiles.accountId, escort.id));
  await t.app.db.insert(safetyCheckins).values({
    accountId: escort.id,
    venceAt: new Date(Date.now() + 2 * 3_600_000),
    contactEmail: 'amiga@example.cl',
    nota: 'Hotel del centro',
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/denuncias',
    headers: bearer(client),
    payload: { nickname_usuario: escort.nickname, motivo: 'spam', detalle: 'Repite avisos' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/cuenta/rectificacion',
    headers: bearer(client),
    payload: { campo: 'fecha_nac', valor: '1990-01-02' },
  });
});
afterAll(async () => {
  await t?.close();
});

const exportOf = (who: FixtureAccount) => t.app.inject({ url: '/api/cuenta/exportar', headers: bearer(who) });

describe('GET /api/cuenta/exportar', () => {
  it('401 without a session', async () => {
    expect((await t.app.inject('/api/cuenta/exportar')).statusCode).toBe(401);
  });

  it('comes with a readable page too: Spanish words, 24-hour times, escaped text (decision 0148)', async () => {
    expect((await t.app.inject('/api/cuenta/exportar/pagina')).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/cuenta/exportar/pagina', headers: bearer(escort) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="mis-datos-${escort.nickname}-\\d{4}-\\d{2}-\\d{2}\\.html"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    for (const words of [
      'Tu cuenta',
      'Fecha de nacimiento',
      'Perfil de escort',
      'Correo electrónico',
      escort.email,
    ])
      expect(html).toContain(words);
    // Field names, not keys; no ISO timestamps, no 12-hour clock, no script.
    expect(html).not.toContain('fecha_nac');
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(html).not.toMatch(/[ap]\.\s?m\./);
    expect(html).not.toContain('<script');
  });

  it('downloads everything about the escort as a JSON attachment, with nothing secret', async () => {
    const res = await exportOf(escort);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="mis-datos-${escort.nickname}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.cuenta).toMatchObject({
      nickname: escort.nickname,
      email: escort.email,
      rut: escort.rut,
      ciudad: 'Valdivia',
      tipo_perfil: 'usuario',
      autorizado: 'aprobado',
    });
    expect(data.perfil_escort).toMatchObject({
      medidas: '90/60/90',
      legenda: 'Sobre mí',
      pausado: false,
      suspendido: false,
      publicado: true,
    });
    expect(data.fotos).toHaveLength(2);
    expect(data.fotos[0].url).toMatch(/^http:\/\/localhost:3000\/media\//);
    expect(data.fotos[0].variantes).toHaveLength(3);
    expect(data.documento_identidad.subido_el).toBeTruthy();
    expect(Date.parse(data.documento_identidad.se_elimina_el)).toBeGreaterThan(Date.now());
    expect(data.citas).toEqual([
      expect.objectContaining({ rol: 'escort', con: client.nickname, estado: 'cerrada' }),
    ]);
    expect(data.comentarios_recibidos).toEqual([
      { nick_cliente: client.nickname, fecha: '2026-01-10', comentario: 'Encantadora', likes: 0 },
    ]);
    expect(data.calificaciones_dadas).toEqual([expect.objectContaining({ a: client.nickname, nota1: 6 })]);
    expect(data.calificaciones_recibidas).toEqual({
      cantidad: 1,
      promedios: {
        promedio_nota1: 9,
        promedio_nota2: 9,
        promedio_nota3: 9,
        promedio_nota4: 9,
        promedio_nota5: 9,
        general: 9,
      },
    });
    expect(data.decisiones_sobre_la_cuenta).toEqual([
      {
        accion: 'autorizado',
        descripcion: 'Autorizado',
        motivos: 'Cuenta Autorizada',
        fecha: expect.any(String),
      },
    ]);
    expect(data.sesiones).toHaveLength(1);
    expect(data.fotos_verificadas).toBe(true);
    expect(data.verificaciones_de_fotos).toEqual([
      {
        estado: 'rechazada',
        codigo: 'ENCANTO-AB23',
        motivo_rechazo: 'El código no se lee',
        enviada_el: expect.any(String),
        decidida_el: expect.any(String),
        selfie_guardada: false,
      },
      {
        estado: 'aprobada',
        codigo: 'ENCANTO-CD45',
        motivo_rechazo: null,
        enviada_el: expect.any(String),
        decidida_el: expect.any(String),
        selfie_guardada: true,
      },
    ]);
    expect(data.avisos_de_seguridad).toEqual([
      {
        estado: 'activo',
        vence_el: expect.any(String),
        contacto_email: 'amiga@example.cl',
        nota: 'Hotel del centro',
        recordatorio_el: null,
        alerta_enviada_el: null,
        cerrado_el: null,
        creado_el: expect.any(String),
      },
    ]);
    // The selfie itself is never in the file: neither its bytes nor where it is stored.
    expect(res.body).not.toContain('clave-secreta-del-almacen');
    expect(res.body).not.toContain('pv-aprobada');
    // Reports about her are not handed to her (they could expose the reporter); the admin's name neither.
    expect(res.body).not.toContain('Repite avisos');
    expect(res.body).not.toContain(admin.nickname);
    expect(res.body).not.toContain(client.email);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, escort.id));
    expect(res.body).not.toContain(row!.passHash);
    expect(res.body).not.toContain(escort.token);
    expect(res.body).not.toMatch(/pass_?hash|token_?hash|storage_?key/i);
  });

  it('gives the client favourites, meetings, comments written, ratings given and received, reports and requests', async () => {
    const res = await exportOf(client);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.perfil_escort).toBeNull();
    expect(data.documento_identidad).toBeNull();
    expect(data.verificaciones_de_fotos).toEqual([]);
    expect(data.avisos_de_seguridad).toEqual([]);
    expect(data.favoritos).toEqual([{ nick_usuario: escort.nickname, agregado_el: expect.any(String) }]);
    expect(data.citas).toEqual([expect.objectContaining({ rol: 'cliente', con: escort.nickname })]);
    expect(data.comentarios_escritos).toEqual([
      { nick_usuario: escort.nickname, fecha: '2026-01-10', comentario: 'Encantadora', likes: 0 },
    ]);
    expect(data.calificaciones_dadas).toEqual([expect.objectContaining({ a: escort.nickname, nota5: 9 })]);
    expect(data.calificaciones_recibidas.promedios.promedio_nota1).toBe(6);
    expect(data.denuncias_realizadas).toEqual([
      {
        perfil: escort.nickname,
        motivo: 'Spam',
        detalle: 'Repite avisos',
        estado: 'abierta',
        fecha: expect.any(String),
      },
    ]);
    expect(data.solicitudes_rectificacion).toEqual([
      {
        campo: 'Fecha de nacimiento',
        valor: '1990-01-02',
        detalle: '',
        estado: 'abierta',
        fecha: expect.any(String),
      },
    ]);
    expect(res.body).not.toContain(escort.email);
    expect(res.body).not.toContain(escort.rut);
    expect(res.body).not.toContain(client.token);
  });
});
