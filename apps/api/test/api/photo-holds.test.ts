import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { multipartFile } from '../helpers/gallery-media.ts';
import { accounts, auditLog } from '../../src/db/schema/index.ts';
import { photoHoldReleasedSubject } from '../../src/mail-templates/photo-hold-released.ts';
import { photoHoldRemovedSubject } from '../../src/mail-templates/photo-hold-removed.ts';
import { photoLookAlikeSubject } from '../../src/mail-templates/photo-look-alike.ts';
import { outboxFor } from './meetings-helpers.ts';

let t: TestApp;
let admin: FixtureAccount;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAccount(t.app, { kind: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const escort = () => createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });

function upload(url: string, who: FixtureAccount, bytes: Buffer) {
  const { payload, headers } = multipartFile(bytes, 'foto.jpg', 'image/jpeg');
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(who) } });
}
const toGallery = (who: FixtureAccount, bytes: Buffer) =>
  upload(`/api/upload/subir-imagenes/${who.nickname}`, who, bytes);
const toProfile = (who: FixtureAccount, bytes: Buffer) =>
  upload(`/api/upload/subir-perfil-escort/${who.nickname}`, who, bytes);

async function publicGallery(who: FixtureAccount): Promise<{ publicId: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/upload/escort-imagenes/${who.nickname}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ imagenes: { publicId: string }[] }>().imagenes;
}
async function ownGallery(who: FixtureAccount) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/upload/obtener-imagenes-por-usuario/${who.nickname}`,
    headers: bearer(who),
  });
  return res.json<{ imagenes: { publicId: string; revision?: string }[] }>().imagenes;
}
async function holds() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/fotos-retenidas',
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json<
    { id: string; estado: string; nickname: string; nickname_original: string; denunciada: boolean }[]
  >();
}
const decide = (
  id: string,
  action: 'liberar' | 'retirar',
  who: FixtureAccount = admin,
  nota = 'Revisado con cuidado',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/fotos-retenidas/${id}/${action}`,
    headers: bearer(who),
    payload: { nota },
  });
/**
 * A photo-like picture of its own: large shapes placed by a seed, so its perceptual hash is stable
 * under re-encoding (random noise is not: its low frequencies sit at the median) and differs per seed.
 */
let seed = 0;
function newPhoto(): Promise<Buffer> {
  seed += 1;
  let x = seed * 7919;
  const rnd = (n: number) => ((x = (x * 48271) % 2147483647), x % n);
  const shapes = Array.from(
    { length: 6 },
    () =>
      `<circle cx="${rnd(400)}" cy="${rnd(500)}" r="${60 + rnd(120)}" fill="rgb(${rnd(256)},${rnd(256)},${rnd(256)})"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><rect width="400" height="500" fill="rgb(${rnd(256)},${rnd(256)},${rnd(256)})"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
/** The same photo, re-encoded smaller: a different file with a near-equal perceptual hash. */
const reencoded = (bytes: Buffer) => sharp(bytes).resize(300).jpeg({ quality: 70 }).toBuffer();

describe('photo-theft hold (decision 0177)', () => {
  it('holds a near copy of another account’s picture, mails the owner and shows nothing publicly', async () => {
    const owner = await escort();
    const thief = await escort();
    const photo = await newPhoto();
    expect((await toGallery(owner, photo)).statusCode).toBe(201);

    const res = await toGallery(thief, await reencoded(photo));
    expect(res.statusCode).toBe(201);
    expect(res.json().mensaje).toBe(msg.photoHeldUploaded);
    expect(res.json().revision).toBe('en_revision');

    expect(await publicGallery(thief)).toEqual([]);
    // Her data export says the picture is held.
    const exported = await t.app.inject({ url: '/api/cuenta/exportar', headers: bearer(thief) });
    const fotos = exported.json<{ fotos: { uso: string; retenida: string | null }[] }>().fotos;
    expect(fotos.find((f) => f.uso === 'galeria')?.retenida).toBe('en_revision');
    const own = await ownGallery(thief);
    expect(own).toHaveLength(1);
    expect(own[0]!.revision).toBe('en_revision');
    // The earlier picture stays public.
    expect(await publicGallery(owner)).toHaveLength(1);

    const mails = await outboxFor(t.app, owner.email);
    const mail = mails.find((m) => m.subject === photoLookAlikeSubject);
    expect(mail).toBeDefined();
    expect(mail!.text).not.toContain(thief.nickname);
    const token = /\/foto-parecida\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const list = await holds();
    const hold = list.find((h) => h.nickname === thief.nickname)!;
    expect(hold).toMatchObject({
      estado: 'en_revision',
      nickname_original: owner.nickname,
      denunciada: false,
    });

    // The owner's one-click report, without signing in; a second click is told it was received.
    const report = () => t.app.inject({ method: 'POST', url: `/api/fotos-parecidas/${token}/denunciar` });
    expect((await report()).json().mensaje).toBe(msg.photoReportSent);
    expect((await report()).json().mensaje).toBe(msg.photoReportAlready);
    expect((await holds()).find((h) => h.id === hold.id)!.denunciada).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/fotos-parecidas/${'x'.repeat(43)}/denunciar`,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().mensaje).toBe(msg.photoReportLinkInvalid);

    // Only an admin decides; then the picture is public, once.
    expect((await decide(hold.id, 'liberar', thief)).statusCode).toBe(403);
    const released = await decide(hold.id, 'liberar');
    expect(released.statusCode).toBe(200);
    expect(released.json().mensaje).toBe(msg.photoHoldReleased);
    expect(await publicGallery(thief)).toHaveLength(1);
    const again = await decide(hold.id, 'retirar');
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe(msg.photoHoldDecided);
    // The pair is a "misma_foto" signal that shows the held picture and the decision.
    const signals = await t.app.inject({ method: 'GET', url: '/api/admin/senales', headers: bearer(admin) });
    const signal = signals
      .json<{ tipo: string; cuentas: { nickname: string }[]; fotos_retenidas: unknown[] }[]>()
      .find((x) => x.tipo === 'misma_foto' && x.cuentas.some((c) => c.nickname === thief.nickname));
    expect(signal?.fotos_retenidas).toEqual([{ id: hold.id, nickname: thief.nickname, estado: 'liberada' }]);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.accountId, thief.id));
    expect(audit.map((a) => a.action)).toContain('foto_liberada');
  });

  it('never holds her own picture uploaded again, nor a flat colour', async () => {
    const owner = await escort();
    const photo = await newPhoto();
    expect((await toGallery(owner, photo)).json().revision).toBeUndefined();
    const again = await toGallery(owner, await reencoded(photo));
    expect(again.statusCode).toBe(201);
    expect(again.json().revision).toBeUndefined();
    expect(await publicGallery(owner)).toHaveLength(2);

    const flat = (r: number) =>
      sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g: 10, b: 10 } } })
        .jpeg()
        .toBuffer();
    const a = await escort();
    const b = await escort();
    expect((await toGallery(a, await flat(10))).json().revision).toBeUndefined();
    expect((await toGallery(b, await flat(200))).json().revision).toBeUndefined();
  });

  it('holds a profile photo: the card keeps the avatar until release; removal keeps it hidden', async () => {
    const owner = await escort();
    const first = await escort();
    const second = await escort();
    const photo = await newPhoto();
    expect((await toGallery(owner, photo)).statusCode).toBe(201);

    // The fixture gives escorts a photo of their own: replace it with the copy.
    const replace = (who: FixtureAccount, bytes: Buffer) => {
      const { payload, headers } = multipartFile(bytes, 'foto.jpg', 'image/jpeg');
      return t.app.inject({
        method: 'PUT',
        url: `/api/upload/reemplazar-perfil-escort/${who.nickname}`,
        payload,
        headers: { ...headers, ...bearer(who) },
      });
    };
    const put = async (who: FixtureAccount) => {
      let res = await replace(who, await reencoded(photo));
      if (res.statusCode === 404) res = await toProfile(who, await reencoded(photo));
      return res;
    };
    for (const who of [first, second]) {
      const res = await put(who);
      expect([200, 201]).toContain(res.statusCode);
      expect(res.json().mensaje).toBe(msg.photoHeldUploaded);
      const [row] = await t.app.db
        .select({ url: accounts.url })
        .from(accounts)
        .where(eq(accounts.id, who.id));
      expect(row!.url).not.toContain('/media/');
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/upload/obtener-imagen-perfil-escort/${who.nickname}`,
        headers: bearer(who),
      });
      expect(mine.json()).toMatchObject({ revision: 'en_revision', motivo_revision: msg.photoHeldWhy });
    }
    const list = await holds();
    const h1 = list.find((h) => h.nickname === first.nickname)!;
    const h2 = list.find((h) => h.nickname === second.nickname)!;

    expect((await decide(h1.id, 'liberar')).statusCode).toBe(200);
    const [released] = await t.app.db
      .select({ url: accounts.url })
      .from(accounts)
      .where(eq(accounts.id, first.id));
    expect(released!.url).toContain('/media/');

    expect((await decide(h2.id, 'retirar')).statusCode).toBe(200);
    const [removed] = await t.app.db
      .select({ url: accounts.url })
      .from(accounts)
      .where(eq(accounts.id, second.id));
    expect(removed!.url).not.toContain('/media/');
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/upload/obtener-imagen-perfil-escort/${second.nickname}`,
      headers: bearer(second),
    });
    expect(mine.json()).toMatchObject({ revision: 'retirada', motivo_revision: msg.photoHoldRemovedWhy });
  });

  it('mails the uploader the decision: released is public now; removed carries the note and where to ask', async () => {
    const owner = await escort();
    const kept = await escort();
    const taken = await escort();
    const photo = await newPhoto();
    expect((await toGallery(owner, photo)).statusCode).toBe(201);
    for (const who of [kept, taken])
      expect((await toGallery(who, await reencoded(photo))).json().revision).toBe('en_revision');
    // Nobody mails the uploader while the picture waits.
    const decisionMail = async (who: FixtureAccount) =>
      (await outboxFor(t.app, who.email)).filter((m) =>
        [photoHoldReleasedSubject, photoHoldRemovedSubject].includes(m.subject),
      );
    expect(await decisionMail(kept)).toEqual([]);
    const list = await holds();
    const idOf = (who: FixtureAccount) => list.find((h) => h.nickname === who.nickname)!.id;

    expect((await decide(idOf(kept), 'liberar', admin, 'Es la misma persona')).statusCode).toBe(200);
    const [released] = await decisionMail(kept);
    expect(released?.subject).toBe(photoHoldReleasedSubject);
    expect(released!.text).toContain(`Hola ${kept.nickname}:`);
    expect(released!.text).toContain('ya se muestra en tu perfil');
    // The note was written for the audit log: the released mail leaves it out.
    expect(released!.text).not.toContain('Es la misma persona');

    const note = 'La foto aparece en un perfil publicado antes.';
    expect((await decide(idOf(taken), 'retirar', admin, note)).statusCode).toBe(200);
    const [removed] = await decisionMail(taken);
    expect(removed?.subject).toBe(photoHoldRemovedSubject);
    expect(removed!.text).toContain('decidió no publicarla');
    expect(removed!.text).toContain(`Nota del equipo: ${note}`);
    expect(removed!.text).toContain(t.config.supportEmail);
    expect(removed!.text).toContain('/Soporte');
    // Neither mail names the earlier owner.
    for (const m of [released!, removed!]) expect(m.text).not.toContain(owner.nickname);
  });

  it('answers a short note with a Spanish 400 and an unknown hold with 404', async () => {
    const short = await decide('00000000-0000-4000-8000-000000000000', 'liberar', admin, 'x');
    expect(short.statusCode).toBe(400);
    expect(short.json().mensaje).toBe(msg.photoHoldNoteRequired);
    const missing = await decide('00000000-0000-4000-8000-000000000000', 'liberar');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().mensaje).toBe(msg.photoHoldNotFound);
  });
});
