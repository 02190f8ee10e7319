import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, escortProfiles, media } from '../../src/db/schema/index.ts';
import { loopbackImages, startImageServer, type ImageServer } from '../helpers/image-server.ts';

let t: TestApp;
// Photo links are downloaded by the server: a loopback server stands in for the photo host.
let images: ImageServer;
beforeAll(async () => {
  images = await startImageServer();
  t = await createTestApp({ services: loopbackImages() });
});
afterAll(async () => {
  await t.close();
  await images.close();
});

/** A photo given as a link ends up as our own stored copy. */
const OWN_COPY = /^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}-640\.webp$/;

const put = (url: string, payload: object, who?: FixtureAccount) =>
  t.app.inject({ method: 'PUT', url: `/api${url}`, payload, ...(who ? { headers: bearer(who) } : {}) });

async function escortRow(id: string) {
  const [row] = await t.app.db
    .select()
    .from(accounts)
    .innerJoin(escortProfiles, eq(escortProfiles.accountId, accounts.id))
    .where(eq(accounts.id, id));
  return row!;
}

const escortData = (e: FixtureAccount, over: object = {}) => ({
  rut_usuario: e.rut,
  apellido: 'Valentina',
  fono: '987654321',
  url: e.url,
  medidas: '90/60/90',
  legenda: 'Hola, soy Valentina.',
  ...over,
});

describe('PUT /api/usuario/modificar', () => {
  it('saves display name, phone, medidas and legenda for the owner, and the public card shows them', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Ñuñoa' });
    // Warm the public cache so the test proves it is cleared.
    await t.app.inject('/api/usuario/ciudad/Nunoa');
    const legenda = '<script>alert(1)</script> & "comillas"';
    const res = await put('/usuario/modificar', escortData(e, { legenda }), e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Datos actualizados correctamente.' });
    const row = await escortRow(e.id);
    expect(row.accounts.apellido).toBe('Valentina');
    expect(row.accounts.fono).toBe('987654321');
    expect(row.escort_profiles.medidas).toBe('90/60/90');
    // Stored exactly as typed: it is rendered as text, never as HTML.
    expect(row.escort_profiles.legenda).toBe(legenda);
    const list = (await t.app.inject('/api/usuario/ciudad/Nunoa')).json() as {
      nickname: string;
      apellido: string;
    }[];
    expect(list.find((c) => c.nickname === e.nickname)?.apellido).toBe('Valentina');
  });

  it('a photo link replaces the avatar with our own copy; empty medidas are allowed', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await put(
      '/usuario/modificar',
      escortData(e, { url: images.url('/foto.jpg'), medidas: '' }),
      e,
    );
    expect(res.statusCode).toBe(200);
    expect((await escortRow(e.id)).accounts.url).toMatch(OWN_COPY);
  });

  it.each([
    [{ medidas: '906090' }, 'Las medidas deben tener el formato NN/NN/NN.'],
    [{ medidas: '90/60/9' }, 'Las medidas deben tener el formato NN/NN/NN.'],
    [{ legenda: 'x'.repeat(1001) }, 'La leyenda puede tener como máximo 1000 caracteres.'],
    [{ url: 'javascript:alert(1)' }, 'La URL de la imagen debe comenzar con http:// o https://.'],
    [{ url: 'data:image/png;base64,AAAA' }, 'La URL de la imagen debe comenzar con http:// o https://.'],
    [{ url: '' }, 'Debes seleccionar una imagen de perfil.'],
    [{ fono: '12345' }, 'El número de contacto debe tener exactamente 9 dígitos.'],
    [{ fono: '' }, 'El número de teléfono es obligatorio y no puede estar vacío.'],
    [{ apellido: ' ' }, 'El nombre para mostrar debe tener entre 2 y 40 caracteres.'],
  ])('refuses %o with its message', async (over, mensaje) => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await put('/usuario/modificar', escortData(e, over), e);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(mensaje);
  });

  it('a legenda of exactly 1000 characters is accepted', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    expect(
      (await put('/usuario/modificar', escortData(e, { legenda: 'a'.repeat(1000) }), e)).statusCode,
    ).toBe(200);
  });

  it('cannot point the url at another account’s stored photo', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await put('/usuario/modificar', escortData(e, { url: '/media/ab/abcdef-640.webp' }), e);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe('La URL de la imagen debe comenzar con http:// o https://.');
  });

  it('401 without a session, 403 for another escort or a client', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    const client = await createAccount(t.app, { kind: 'client' });
    expect((await put('/usuario/modificar', escortData(e))).statusCode).toBe(401);
    expect((await put('/usuario/modificar', escortData(e), other)).statusCode).toBe(403);
    expect((await put('/usuario/modificar', escortData(e), client)).statusCode).toBe(403);
    expect((await escortRow(e.id)).accounts.apellido).toBe(e.nickname);
  });
});

describe('PUT /api/usuario/modificar-url', () => {
  it('sets a photo given as a link, stored as our own copy', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await put(
      '/usuario/modificar-url',
      { nickname: e.nickname, url: images.url('/foto.jpg') },
      e,
    );
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(OWN_COPY);
    expect((await escortRow(e.id)).accounts.url).toBe(url);
  });

  it('needs a url, only http(s), and the owner', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    const empty = await put('/usuario/modificar-url', { nickname: e.nickname, url: '' }, e);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensaje).toBe('Debes ingresar una URL de imagen.');
    const ftp = await put('/usuario/modificar-url', { nickname: e.nickname, url: 'ftp://x.cl/a.png' }, e);
    expect(ftp.json().mensaje).toBe('La URL de la imagen debe comenzar con http:// o https://.');
    expect(
      (await put('/usuario/modificar-url', { nickname: e.nickname, url: 'https://x.cl/a.png' })).statusCode,
    ).toBe(401);
    expect(
      (await put('/usuario/modificar-url', { nickname: e.nickname, url: 'https://x.cl/a.png' }, other))
        .statusCode,
    ).toBe(403);
  });

  it('is 409 while a stored photo exists (delete it first)', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    await t.app.db.insert(media).values({
      accountId: e.id,
      purpose: 'profile',
      mediaType: 'image',
      publicId: 'f'.repeat(32),
      url: '/media/ff/x-640.webp',
    });
    await t.app.db.update(accounts).set({ url: '/media/ff/x-640.webp' }).where(eq(accounts.id, e.id));
    const res = await put('/usuario/modificar-url', { nickname: e.nickname, url: 'https://x.cl/a.png' }, e);
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe('Debes eliminar la imagen actual antes de cargar una nueva.');
    // The data form sends the current url back unchanged: that is not a new photo.
    expect(
      (await put('/usuario/modificar', escortData(e, { url: '/media/ff/x-640.webp' }), e)).statusCode,
    ).toBe(200);
    expect(
      (await put('/usuario/modificar', escortData(e, { url: 'https://x.cl/b.png' }), e)).statusCode,
    ).toBe(409);
  });
});

describe('PUT /api/usuario/estado/{id}', () => {
  it('toggles disponible <-> inactiva; an inactive escort leaves the listing and her card says so', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Talca' });
    const listed = async () =>
      ((await t.app.inject('/api/usuario/ciudad/Talca')).json() as { nickname: string }[]).some(
        (c) => c.nickname === e.nickname,
      );
    expect(await listed()).toBe(true);

    const off = await put(`/usuario/estado/${e.rut}`, { estado: 'inactiva' }, e);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ mensaje: 'Estado actualizado: inactiva.', estado: 'inactiva' });
    const row = await escortRow(e.id);
    expect(row.escort_profiles.estado).toBe('inactiva');
    expect(row.escort_profiles.listed).toBe(false);
    expect(row.escort_profiles.public).toBe(true);
    expect(await listed()).toBe(false);

    const on = await put(`/usuario/estado/${e.rut}`, { estado: 'disponible' }, e);
    expect(on.statusCode).toBe(200);
    expect((await escortRow(e.id)).escort_profiles.listed).toBe(true);
    expect(await listed()).toBe(true);
  });

  it('only disponible or inactiva', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const res = await put(`/usuario/estado/${e.rut}`, { estado: 'ocupada' }, e);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe('No se pudo cambiar el estado');
  });

  it('refuses disponible while an administrator has the profile suspended; inactiva is still allowed', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', estado: 'inactiva' });
    await t.app.db.update(escortProfiles).set({ suspended: true }).where(eq(escortProfiles.accountId, e.id));
    const res = await put(`/usuario/estado/${e.rut}`, { estado: 'disponible' }, e);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      mensaje: 'Tu perfil está en revisión por el administrador; no puedes marcarte disponible por ahora.',
      code: 'SUSPENDED',
    });
    expect((await escortRow(e.id)).escort_profiles.estado).toBe('inactiva');
    expect((await put(`/usuario/estado/${e.rut}`, { estado: 'inactiva' }, e)).statusCode).toBe(200);
  });

  it('401 without a session, 403 for someone else', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    expect((await put(`/usuario/estado/${e.rut}`, { estado: 'inactiva' })).statusCode).toBe(401);
    expect((await put(`/usuario/estado/${e.rut}`, { estado: 'inactiva' }, other)).statusCode).toBe(403);
    expect((await escortRow(e.id)).escort_profiles.estado).toBe('disponible');
  });
});

describe('PUT /api/usuario/ciudad/{id}', () => {
  it('moves the escort to a comuna of the catalogue, accent-insensitively, and the listings follow', async () => {
    const e = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado', ciudad: 'Santiago' });
    await t.app.inject('/api/usuario/ciudad/Valdivia');
    const res = await put(`/usuario/ciudad/${e.rut}`, { ciudad: 'valdivia' }, e);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      msg: 'Ciudad actualizada a Valdivia.',
      mensaje: 'Ciudad actualizada a Valdivia.',
      ciudad: 'Valdivia',
    });
    const row = await escortRow(e.id);
    expect(row.accounts.ciudad).toBe('Valdivia');
    expect(row.escort_profiles.cityKey).toBe('valdivia');
    const nicks = ((await t.app.inject('/api/usuario/ciudad/Valdivia')).json() as { nickname: string }[]).map(
      (c) => c.nickname,
    );
    expect(nicks).toContain(e.nickname);

    const accented = await put(`/usuario/ciudad/${e.rut}`, { ciudad: 'Nunoa' }, e);
    expect(accented.json().ciudad).toBe('Ñuñoa');
  });

  it('refuses a city outside the catalogue or an empty one', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    for (const ciudad of ['', 'Gotham']) {
      const res = await put(`/usuario/ciudad/${e.rut}`, { ciudad }, e);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe('Debes seleccionar una ciudad para actualizar.');
    }
  });

  it('401 without a session, 403 for someone else', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const client = await createAccount(t.app, { kind: 'client' });
    expect((await put(`/usuario/ciudad/${e.rut}`, { ciudad: 'Arica' })).statusCode).toBe(401);
    expect((await put(`/usuario/ciudad/${e.rut}`, { ciudad: 'Arica' }, client)).statusCode).toBe(403);
  });
});

describe('GET /api/usuario/archivos/{nickname}', () => {
  it('lists the owner’s files, and only to the owner', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    await t.app.db.insert(media).values({
      accountId: e.id,
      purpose: 'gallery',
      mediaType: 'image',
      publicId: 'a'.repeat(32),
      url: '/media/aa/a-640.webp',
    });
    const res = await t.app.inject({ url: `/api/usuario/archivos/${e.nickname}`, headers: bearer(e) });
    expect(res.statusCode).toBe(200);
    const { files } = res.json();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      publicId: 'a'.repeat(32),
      url: '/media/aa/a-640.webp',
      proposito: 'gallery',
      tipo: 'image',
    });
    expect((await t.app.inject(`/api/usuario/archivos/${e.nickname}`)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/usuario/archivos/${e.nickname}`, headers: bearer(other) })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/cliente/modificar', () => {
  it('saves the client’s phone and image link (as our own copy)', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const res = await put(
      '/cliente/modificar',
      { rut_cliente: c.rut, fono: '955555555', url: images.url('/foto.jpg') },
      c,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toBe('Datos actualizados correctamente.');
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, c.id));
    expect(row!.fono).toBe('955555555');
    expect(row!.url).toMatch(OWN_COPY);
  });

  it('validates phone and url', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const bad = await put(
      '/cliente/modificar',
      { rut_cliente: c.rut, fono: '95555', url: '/assets/avatars/femenino.svg' },
      c,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe('El teléfono debe contener solo 9 dígitos y no debe contener espacios.');
    const url = await put(
      '/cliente/modificar',
      { rut_cliente: c.rut, fono: '955555555', url: 'javascript:x' },
      c,
    );
    expect(url.json().mensaje).toBe('La URL de la imagen debe comenzar con http:// o https://.');
  });

  it('401 without a session, 403 for another client or an escort', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const other = await createAccount(t.app, { kind: 'client' });
    const escort = await createAccount(t.app, { kind: 'escort' });
    const body = { rut_cliente: c.rut, fono: '955555555', url: '/assets/avatars/femenino.svg' };
    expect((await put('/cliente/modificar', body)).statusCode).toBe(401);
    expect((await put('/cliente/modificar', body, other)).statusCode).toBe(403);
    expect((await put('/cliente/modificar', body, escort)).statusCode).toBe(403);
  });
});
