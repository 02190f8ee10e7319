import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and errors', () => {
  it('GET /api/health answers ok', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready reports the database', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
  });

  it('an unknown API path is a 404 JSON with a Spanish mensaje', async () => {
    const res = await t.app.inject('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ mensaje: 'No encontrado.', code: 'NOT_FOUND' });
  });

  it('sends a strict CSP and no-sniff', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('migrations', () => {
  it('created every core table on an empty database', async () => {
    const res = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const rows =
      (res as unknown as { rows?: { table_name: string }[] }).rows ??
      (res as unknown as { table_name: string }[]);
    const names = rows.map((r) => r.table_name);
    for (const table of ['accounts', 'escort_profiles', 'sessions', 'meetings', 'comments', 'media']) {
      expect(names).toContain(table);
    }
  });
});

describe('public listings', () => {
  it('lists approved, available escorts of a city, accent-insensitively, without private fields', async () => {
    const listed = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa' });
    const pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente', ciudad: 'Ñuñoa' });
    const inactive = await createAccount(t.app, {
      kind: 'escort',
      autorizado: 'aprobado',
      ciudad: 'Ñuñoa',
      estado: 'inactiva',
    });

    for (const city of ['Ñuñoa', 'Nunoa', 'nunoa', '%C3%91u%C3%B1oa']) {
      const res = await t.app.inject(`/api/usuario/ciudad/${city}`);
      expect(res.statusCode).toBe(200);
      const nicks = res.json().map((e: { nickname: string }) => e.nickname);
      expect(nicks).toContain(listed.nickname);
      expect(nicks).not.toContain(pending.nickname);
      expect(nicks).not.toContain(inactive.nickname);
    }
    const body = (await t.app.inject('/api/usuario/ciudad/Nunoa')).body;
    for (const secret of ['rut', 'email', 'pass', 'fecha_nac', listed.email, listed.rut]) {
      expect(body).not.toContain(secret);
    }
    const [card] = (await t.app.inject('/api/usuario/ciudad/Nunoa')).json();
    expect(Object.keys(card).sort()).toEqual([
      'apellido',
      'ciudad',
      'edad',
      'estado',
      'genero',
      'nickname',
      'srcset',
      'url',
    ]);
  });

  it('an empty city is an empty list', async () => {
    const res = await t.app.inject('/api/usuario/ciudad/Putre');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('GET /api/ultimos lists the latest approved escorts with an ETag', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Arica' });
    const res = await t.app.inject('/api/ultimos');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { nickname: string }) => x.nickname)).toContain(e.nickname);
    const again = await t.app.inject({
      url: '/api/ultimos',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
