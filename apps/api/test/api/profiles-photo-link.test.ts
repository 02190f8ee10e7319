import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { msg } from '@encanto/core/messages';
import { accounts, media } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { loopbackImages, startImageServer, type ImageServer } from '../helpers/image-server.ts';

/**
 * Decision 0051: a profile photo given as a link is downloaded once by the
 * server and stored like an upload. `app` is as deployed (public addresses
 * only); `lab` may also reach the loopback server standing in for photo hosts,
 * through the test-only switch, so redirects and bad payloads can be served.
 */
let app: TestApp;
let lab: TestApp;
let images: ImageServer;
beforeAll(async () => {
  images = await startImageServer();
  [app, lab] = await Promise.all([createTestApp(), createTestApp({ services: loopbackImages() })]);
});
afterAll(async () => {
  await Promise.all([app?.close(), lab?.close()]);
  await images.close();
});

const setUrl = (t: TestApp, e: FixtureAccount, url: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/usuario/modificar-url',
    payload: { nickname: e.nickname, url },
    headers: bearer(e),
  });
const accountUrl = async (t: TestApp, id: string) =>
  (await t.app.db.select({ url: accounts.url }).from(accounts).where(eq(accounts.id, id)))[0]!.url;

describe('a photo link is fetched once and stored as our own media', () => {
  it('modificar-url: re-encoded WebP without EXIF or GPS, served by us, the host contacted once', async () => {
    const e = await createAccount(lab.app, { kind: 'escort', autorizado: 'aprobado' });
    const before = images.hits.length;
    const res = await setUrl(lab, e, images.url('/foto.jpg'));
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}-640\.webp$/);
    expect(await accountUrl(lab, e.id)).toBe(url);
    const [row] = await lab.app.db
      .select()
      .from(media)
      .where(and(eq(media.accountId, e.id), eq(media.purpose, 'profile')));
    expect(row!.url).toBe(url);

    const served = await lab.app.inject(url);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secreto 9'))).toBe(false);

    // The photo form and the public card read our copy: the host is never asked again.
    const image = await lab.app.inject({
      url: `/api/upload/obtener-imagen-perfil-escort/${e.nickname}`,
      headers: bearer(e),
    });
    expect(image.json()).toMatchObject({ imageUrl: url, origen: 'archivo' });
    await lab.app.inject(`/api/usuario/card/${e.nickname}`);
    expect(images.hits.slice(before)).toEqual(['/foto.jpg']);

    // Like an upload: a second link waits for the delete.
    const again = await setUrl(lab, e, images.url('/foto.jpg'));
    expect([again.statusCode, again.json().code]).toEqual([409, 'PHOTO_EXISTS']);
  });

  it('follows up to 3 redirects, refuses a 4th', async () => {
    const e = await createAccount(lab.app, { kind: 'escort' });
    const four = await setUrl(lab, e, images.url('/redir/3'));
    expect([four.statusCode, four.json().mensaje]).toEqual([400, msg.imageUrlRedirects]);
    const three = await setUrl(lab, e, images.url('/redir/2'));
    expect(three.statusCode).toBe(200);
  });
});

describe('attacks through the link (each refused with a 4xx and a Spanish reason)', () => {
  it('a deployed server refuses loopback, metadata, private, CGNAT, multicast and IPv6-local addresses', async () => {
    const e = await createAccount(app.app, { kind: 'escort' });
    const hostile = [
      'http://127.0.0.1/foto.jpg',
      'http://127.1/foto.jpg',
      'http://2130706433/foto.jpg',
      'http://0x7f.0.0.1/foto.jpg',
      'http://localhost/foto.jpg',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/foto.jpg',
      'http://172.16.5.4/foto.jpg',
      'https://192.168.1.1/foto.jpg',
      'http://100.64.0.1/foto.jpg',
      'http://224.0.0.1/foto.jpg',
      'http://0.0.0.0/foto.jpg',
      'http://[::1]/foto.jpg',
      'http://[::ffff:127.0.0.1]/foto.jpg',
      'http://[fd00::1]/foto.jpg',
      'http://[fe80::1]/foto.jpg',
      'http://[64:ff9b::a9fe:a9fe]/foto.jpg',
    ];
    for (const url of hostile) {
      const res = await setUrl(app, e, url);
      expect([res.statusCode, res.json().code, res.json().mensaje], url).toEqual([
        400,
        'URL_PRIVATE',
        msg.imageUrlPrivate,
      ]);
    }
    // The local photo server is private too for a deployed server, and is never contacted.
    const before = images.hits.length;
    expect((await setUrl(app, e, images.url('/foto.jpg'))).json().code).toBe('URL_PORT');
    expect(images.hits.length).toBe(before);
    expect(await accountUrl(app, e.id)).toBe(e.url);
  });

  it('a redirect to a private or metadata address is refused before it is followed', async () => {
    const e = await createAccount(lab.app, { kind: 'escort' });
    for (const path of ['/a-privada', '/a-metadatos']) {
      const res = await setUrl(lab, e, images.url(path));
      expect([res.statusCode, res.json().code], path).toEqual([400, 'URL_PRIVATE']);
    }
    expect(await lab.app.db.select().from(media).where(eq(media.accountId, e.id))).toEqual([]);
  });

  it('an HTML page is 415, an oversized picture 413 (with or without Content-Length)', async () => {
    const e = await createAccount(lab.app, { kind: 'escort' });
    const html = await setUrl(lab, e, images.url('/pagina.html'));
    expect([html.statusCode, html.json().mensaje]).toEqual([415, msg.imageUrlNotImage]);
    for (const path of ['/grande.png', '/grande-stream']) {
      const big = await setUrl(lab, e, images.url(path));
      expect([big.statusCode, big.json().mensaje], path).toEqual([413, msg.imageUrlTooLarge]);
    }
  });

  it('a missing picture, a broken redirect or a host that never finishes is 400 unreachable', async () => {
    const e = await createAccount(lab.app, { kind: 'escort' });
    for (const path of ['/no-existe', '/a-rota', '/lenta']) {
      const res = await setUrl(lab, e, images.url(path));
      expect([res.statusCode, res.json().mensaje], path).toEqual([400, msg.imageUrlUnreachable]);
    }
    const deployed = await createAccount(app.app, { kind: 'escort' });
    const port = await setUrl(app, deployed, 'https://fotos.example.cl:8443/a.jpg');
    expect([port.statusCode, port.json().mensaje]).toEqual([400, msg.imageUrlPort]);
    const creds = await setUrl(app, deployed, 'https://yo:clave@fotos.example.cl/a.jpg');
    expect([creds.statusCode, creds.json().mensaje]).toEqual([400, msg.imageUrl]);
  });

  it('the client form and the escort data form take the same path', async () => {
    const c = await createAccount(app.app, { kind: 'client' });
    const client = await app.app.inject({
      method: 'PUT',
      url: '/api/cliente/modificar',
      payload: { rut_cliente: c.rut, fono: '955555555', url: 'http://169.254.169.254/latest/meta-data/' },
      headers: bearer(c),
    });
    expect([client.statusCode, client.json().code]).toEqual([400, 'URL_PRIVATE']);
    const e = await createAccount(lab.app, { kind: 'escort' });
    const escort = await lab.app.inject({
      method: 'PUT',
      url: '/api/usuario/modificar',
      payload: {
        rut_usuario: e.rut,
        apellido: 'Valentina',
        fono: '987654321',
        url: images.url('/a-privada'),
        medidas: '',
        legenda: '',
      },
      headers: bearer(e),
    });
    expect([escort.statusCode, escort.json().code]).toEqual([400, 'URL_PRIVATE']);
    // Nothing else of the form was saved either.
    expect((await lab.app.db.select().from(accounts).where(eq(accounts.id, e.id)))[0]!.apellido).toBe(
      e.nickname,
    );
  });
});
