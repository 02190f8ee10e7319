import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { msg } from '@encanto/core/messages';
import type { Signal } from '@encanto/core/safety';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, uniqueRut, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts } from '../../src/db/schema/index.ts';
import {
  approvedWithDocument,
  patternPhoto,
  uploadGalleryImage,
  uploadProfilePhoto,
} from './safety-helpers.ts';
import { uploadDocument } from './validation-helpers.ts';

let t: TestApp;
let admin: FixtureAccount;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { kind: 'admin' });
});
afterAll(async () => {
  await t.close();
});

async function signals(): Promise<Signal[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/senales', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const involving = (list: Signal[], tipo: Signal['tipo'], ...who: FixtureAccount[]) =>
  list.find((s) => s.tipo === tipo && who.every((w) => s.cuentas.some((c) => c.nickname === w.nickname)));

describe('GET /api/admin/senales', () => {
  it('is for admins only', async () => {
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/senales' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/senales', headers: bearer(escort) });
    expect(res.statusCode).toBe(403);
  });

  it('misma_foto: a re-encoded, resized copy under another account matches; a different photo does not', async () => {
    const a = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const b = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const c = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const original = await patternPhoto(7, 900, 1200);
    expect((await uploadProfilePhoto(t, a, original)).statusCode).toBe(201);
    // What someone saving the picture and uploading it elsewhere would send: smaller, re-compressed, another format.
    const copy = await sharp(original).resize({ width: 420 }).webp({ quality: 55 }).toBuffer();
    expect((await uploadGalleryImage(t, b, copy)).statusCode).toBe(201);
    expect((await uploadProfilePhoto(t, c, await patternPhoto(42, 900, 1200))).statusCode).toBe(201);

    const list = await signals();
    const found = involving(list, 'misma_foto', a, b);
    expect(found).toBeDefined();
    expect(found!.cuentas.map((x) => x.nickname)).not.toContain(c.nickname);
    expect(found!.perfil_publicado).toBe(true);
    expect(found!.cuentas[0]).toMatchObject({ tipo: 'usuario', autorizado: 'aprobado', publicado: true });
    expect(Date.parse(found!.encontrada)).not.toBeNaN();
  });

  it('mismo_telefono: the same phone on two escort profiles, whatever its spelling', async () => {
    const a = await createAccount(t.app, { kind: 'escort' });
    const b = await createAccount(t.app, { kind: 'escort' });
    await t.app.db.update(accounts).set({ fono: '+56 9 7771 2345' }).where(eq(accounts.id, a.id));
    await t.app.db.update(accounts).set({ fono: '977712345' }).where(eq(accounts.id, b.id));
    const found = involving(await signals(), 'mismo_telefono', a, b);
    expect(found).toBeDefined();
    expect(found!.cuentas).toHaveLength(2);
    expect(found!.perfil_publicado).toBe(false);
  });

  it('mismo_documento: the same document picture, or the same RUT digits', async () => {
    const doc = await patternPhoto(77, 1000, 640);
    const a = await createAccount(t.app, { kind: 'escort' });
    const b = await createAccount(t.app, { kind: 'client' });
    await uploadDocument(t, a, doc);
    await uploadDocument(t, b, await sharp(doc).resize({ width: 700 }).jpeg({ quality: 70 }).toBuffer());
    expect(involving(await signals(), 'mismo_documento', a, b)).toBeDefined();

    const c = await createAccount(t.app, { kind: 'escort' });
    const d = await createAccount(t.app, { kind: 'client' });
    const body = uniqueRut().split('-')[0]!.replace(/\D/g, '');
    await t.app.db
      .update(accounts)
      .set({ rutNorm: `${body}-1` })
      .where(eq(accounts.id, c.id));
    await t.app.db
      .update(accounts)
      .set({ rutNorm: `${body}-K` })
      .where(eq(accounts.id, d.id));
    const rut = involving(await signals(), 'mismo_documento', c, d);
    expect(rut?.cuentas.map((x) => x.tipo).sort()).toEqual(['cliente', 'usuario']);
  });

  it('muchas_cuentas: more than 3 registrations from one address in 24 hours', async () => {
    const register = (ip: string) => {
      const n = `r${Math.random().toString(36).slice(2, 9)}`;
      return t.app.inject({
        method: 'POST',
        url: '/api/cliente/registro',
        remoteAddress: ip,
        payload: {
          rut_cliente: uniqueRut(),
          nombre: 'Juan Pérez Soto',
          nickname: n,
          fecha_nac: '1990-04-12',
          email: `${n}@correo.cl`,
          pass: 'Clave.Segura-2026',
          fono: '987654321',
          genero: 'Masculino',
          ciudad: 'Ñuñoa',
          acepta_terminos: true,
          acepta_datos_sensibles: true,
        },
      });
    };
    for (let i = 0; i < 3; i++) expect((await register('198.51.100.20')).statusCode).toBe(201);
    const three = (await signals()).filter((s) => s.tipo === 'muchas_cuentas');
    expect(three).toHaveLength(0);
    expect((await register('198.51.100.20')).statusCode).toBe(201);
    const four = (await signals()).filter((s) => s.tipo === 'muchas_cuentas');
    expect(four).toHaveLength(1);
    expect(four[0]!.cuentas).toHaveLength(4);
    expect(four[0]!.cuentas.every((c) => c.tipo === 'cliente' && c.autorizado === 'pendiente')).toBe(true);
  });
});

describe('dismissing a signal', () => {
  it('needs a note, is audited, and a new member brings the group back', async () => {
    const a = await approvedWithDocument(t);
    const b = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const photo = await patternPhoto(91);
    await uploadProfilePhoto(t, a, photo);
    await uploadProfilePhoto(t, b, await sharp(photo).resize({ width: 500 }).png().toBuffer());
    const found = involving(await signals(), 'misma_foto', a, b)!;
    const url = `/api/admin/senales/${found.clave}/descartar`;

    const empty = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { nota: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensaje).toBe(msg.signalNoteRequired);
    const byEscort = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(a),
      payload: { nota: 'xyz' },
    });
    expect(byEscort.statusCode).toBe(403);

    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { nota: 'Son hermanas, fotos de una sesión juntas' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(involving(await signals(), 'misma_foto', a, b)).toBeUndefined();
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { nota: 'otra vez' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().mensaje).toBe(msg.signalNotFound);

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auditoria?limite=10',
      headers: bearer(admin),
    });
    const entries = audit.json().filter((e: { accion: string }) => e.accion === 'senal_descartada');
    expect(entries.map((e: { cuenta: string }) => e.cuenta).sort()).toEqual([a.nickname, b.nickname].sort());
    expect(entries[0].motivos).toContain('Son hermanas');

    // A third account with the same photo is a different group: it shows again.
    const c = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    await uploadGalleryImage(
      t,
      c,
      await sharp(photo).resize({ width: 300 }).jpeg({ quality: 50 }).toBuffer(),
    );
    const back = involving(await signals(), 'misma_foto', a, b, c);
    expect(back).toBeDefined();
    expect(back!.clave).not.toBe(found.clave);
  });
});
