import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escortProfiles, reports } from '../../src/db/schema/index.ts';
import { eraseExpiredReporterMarks } from '../../src/modules/reports/service.ts';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { acceptedMeeting, chileTime, DAY } from '../api/meetings-helpers.ts';

/**
 * The attack: one anonymous 'menor' report hid any profile at once, and the
 * provider could not undo it; then two anonymous reports from two networks
 * did (a competitor with a phone and a home connection). Now no number of
 * anonymous, unverified or competitor reports hides a profile before review:
 * only an admin's report, or one from an approved client she accepted a
 * meeting with, holds it. Every other one stays visible, goes to the admin
 * queue ranked by reason and by distinct reporters, and a possible-minor one
 * mails the admins at once. Reporters are told apart by a salted HMAC of their
 * network, never by a stored address.
 */
let t: TestApp;
let admin: FixtureAccount;

beforeAll(async () => {
  // Limits off: the test files more reports from one address than the hourly limit allows.
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
  admin = await createAccount(t.app, { kind: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;

const report = (nickname: string, remoteAddress: string, who?: FixtureAccount) =>
  t.app.inject({
    method: 'POST',
    url: '/api/denuncias',
    remoteAddress,
    headers: who ? bearer(who) : {},
    payload: { nickname_usuario: nickname, motivo: 'menor' },
  });

async function escort(): Promise<FixtureAccount> {
  return createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
}

async function isPublic(e: FixtureAccount): Promise<boolean> {
  t.app.services.publicCache.clear();
  return (await t.app.inject(`/api/usuario/publico/${e.nickname}`)).statusCode === 200;
}

const reportsOf = (e: FixtureAccount) =>
  t.app.db.select().from(reports).where(eq(reports.escortId, e.id)).orderBy(reports.id);

async function adminList() {
  const res = await t.app.inject({ url: '/api/denuncias', headers: bearer(admin) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    nickname_usuario: string;
    motivo: string;
    urgente: boolean;
    perfil_suspendido: boolean;
    denunciantes: number;
  }[];
}

/** An approved client she accepted a meeting with: the one reporter, besides an admin, who can hold her profile. */
async function witnessOf(e: FixtureAccount): Promise<FixtureAccount> {
  const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
  await acceptedMeeting(t.app, client, e, chileTime(new Date(), DAY));
  return client;
}

async function mailsTo(email: string): Promise<string[]> {
  await t.app.background.mail.drain();
  const outbox = path.join(t.dataDir, 'outbox');
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  return Promise.all(
    files.filter((f) => f.includes(email)).map((f) => fs.readFile(path.join(outbox, f), 'utf8')),
  );
}

describe('possible-minor reports', () => {
  it('one anonymous report leaves the profile visible, tops the queue as urgent and mails the admins', async () => {
    const victim = await escort();
    const before = (await mailsTo(admin.email)).length;
    expect((await report(victim.nickname, '203.0.113.5')).statusCode).toBe(201);
    expect(await isPublic(victim)).toBe(true);
    const list = await adminList();
    expect(list[0]).toMatchObject({
      nickname_usuario: victim.nickname,
      urgente: true,
      perfil_suspendido: false,
    });
    const mails = await mailsTo(admin.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.join('\n')).toContain(victim.nickname);
  });

  it('the same visitor reporting again, from the same address or the same IPv6 /64, is still one reporter', async () => {
    const victim = await escort();
    await report(victim.nickname, '203.0.113.6');
    await report(victim.nickname, '203.0.113.6');
    await report(victim.nickname, '::ffff:203.0.113.6');
    expect(await isPublic(victim)).toBe(true);
    const v6 = await escort();
    await report(v6.nickname, '2001:db8:1:2::10');
    await report(v6.nickname, '2001:db8:1:2:ffff::99');
    expect(await isPublic(v6)).toBe(true);
    // One person in the admin queue, however often she reported.
    const list = await adminList();
    for (const e of [victim, v6])
      expect(list.filter((r) => r.nickname_usuario === e.nickname).map((r) => r.denunciantes)).toEqual(
        e === victim ? [1, 1, 1] : [1, 1],
      );
  });

  it('a pending account is one reporter with its own address, and does not hold alone', async () => {
    const victim = await escort();
    const pending = await createAccount(t.app, { kind: 'client' });
    expect((await report(victim.nickname, '203.0.113.7', pending)).statusCode).toBe(201);
    expect(await isPublic(victim)).toBe(true);
    // The same person again, anonymously from the same address: still one reporter.
    await report(victim.nickname, '203.0.113.7');
    expect(await isPublic(victim)).toBe(true);
    // The same account from another address: still one reporter.
    await report(victim.nickname, '203.0.113.8', pending);
    expect(await isPublic(victim)).toBe(true);
  });

  it('anonymous reports from any number of distinct networks never hide it: they rank it in the queue instead', async () => {
    const victim = await escort();
    // Measured: 25 distinct IPv4 addresses and 5 distinct IPv6 /64s, one report each.
    const networks = [
      ...Array.from({ length: 25 }, (_, i) => `198.51.100.${20 + i}`),
      ...Array.from({ length: 5 }, (_, i) => `2001:db8:${i + 10}::1`),
    ];
    for (const ip of networks) {
      expect((await report(victim.nickname, ip)).statusCode).toBe(201);
      expect(await isPublic(victim)).toBe(true);
    }
    expect((await reportsOf(victim)).every((r) => !r.holds)).toBe(true);
    const list = await adminList();
    const mine = list.filter((r) => r.nickname_usuario === victim.nickname);
    expect(mine.every((r) => r.urgente && !r.perfil_suspendido && r.denunciantes === networks.length)).toBe(
      true,
    );
    // Visible possible minors first, and among them the profile more people report first.
    const lonely = await escort();
    await report(lonely.nickname, '203.0.113.99');
    const ranked = (await adminList()).filter((r) => r.urgente).map((r) => r.nickname_usuario);
    expect(ranked.indexOf(victim.nickname)).toBeLessThan(ranked.indexOf(lonely.nickname));
  });

  it('each distinct reporter mails the admins at once; the same one repeating does not', async () => {
    const victim = await escort();
    const before = (await mailsTo(admin.email)).length;
    await report(victim.nickname, '192.0.2.10');
    await report(victim.nickname, '192.0.2.10');
    expect((await mailsTo(admin.email)).length).toBe(before + 1);
    await report(victim.nickname, '192.0.2.11');
    const mails = await mailsTo(admin.email);
    expect(mails.length).toBe(before + 2);
    expect(mails.some((m) => m.includes('personas distintas que lo denuncian: 2'))).toBe(true);
  });

  it('an earlier report over 24 hours old does not hide it together with a new one either', async () => {
    const victim = await escort();
    await report(victim.nickname, '198.51.100.30');
    const [old] = await reportsOf(victim);
    await t.app.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(reports.id, old!.id));
    await report(victim.nickname, '198.51.100.31');
    expect(await isPublic(victim)).toBe(true);
  });

  it('one report from an approved client she accepted a meeting with puts the profile on hold at once', async () => {
    const victim = await escort();
    const client = await witnessOf(victim);
    await report(victim.nickname, '198.51.100.40', client);
    expect(await isPublic(victim)).toBe(false);
    const [row] = await t.app.db.select().from(escortProfiles).where(eq(escortProfiles.accountId, victim.id));
    expect(row).toMatchObject({ suspended: true, public: false, listed: false });
  });

  it('approved accounts without a meeting with her (clients, competing escorts) do not hide it; an admin does', async () => {
    const victim = await escort();
    const others = await Promise.all([
      createAccount(t.app, { kind: 'client', autorizado: 'aprobado' }),
      createAccount(t.app, { kind: 'client', autorizado: 'aprobado' }),
      createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
      createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' }),
    ]);
    for (const [i, who] of others.entries()) {
      expect((await report(victim.nickname, `198.51.100.${60 + i}`, who)).statusCode).toBe(201);
      expect(await isPublic(victim)).toBe(true);
    }
    // A meeting she never accepted (a request alone) is no evidence either.
    const asked = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/solicitar',
      headers: bearer(asked),
      payload: {
        nickname_usuario: victim.nickname,
        nickname_cliente: asked.nickname,
        fecha_hora: chileTime(new Date(), DAY),
        duracion_min: 90,
        lugar: 'en_su_lugar',
        mensaje: 'Hola, me gustaría conocerte.',
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    await report(victim.nickname, '198.51.100.70', asked);
    expect(await isPublic(victim)).toBe(true);

    await report(victim.nickname, '198.51.100.71', admin);
    expect(await isPublic(victim)).toBe(false);
    const res = await t.app.inject({ url: `/api/admin/perfil/${victim.nickname}`, headers: bearer(admin) });
    expect(res.json().retencion).toMatchObject({ estado: 'en_espera', motivo: msg.holdAdminReporter });
  });

  it('the held provider is told why her profile is hidden; once an admin suspends it, that instead', async () => {
    const victim = await escort();
    const revision = async () =>
      (
        (await t.app.inject({ url: '/api/cuenta/mis-datos', headers: bearer(victim) })).json() as {
          revision: string | null;
        }
      ).revision;
    expect(await revision()).toBeNull();
    await report(victim.nickname, '198.51.100.50');
    expect(await revision()).toBeNull();
    await report(victim.nickname, '198.51.100.51', await witnessOf(victim));
    expect(await revision()).toBe('en_espera');
    const [first] = await reportsOf(victim);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/denuncias/${first!.id}/suspender`,
      headers: bearer(admin),
      payload: { motivo: 'Confirmado por la administración' },
    });
    expect(res.statusCode).toBe(200);
    expect(await revision()).toBe('suspendido');
  });

  it('stores no address: only a salted mark, unlinkable across reports, erased after 24 hours', async () => {
    const victim = await escort();
    const ip = '192.0.2.77';
    await report(victim.nickname, ip);
    await report(victim.nickname, ip);
    const rows = await reportsOf(victim);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(ip);
    expect(dump).not.toContain('192.0.2');
    const [a, b] = rows.map((r) => r.reporterMark!);
    expect(a).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    // A fresh salt each time: the same reporter's marks do not match each other.
    expect(a).not.toBe(b);
    expect(await eraseExpiredReporterMarks(t.app.db, new Date(Date.now() + 25 * HOUR))).toBeGreaterThan(0);
    expect((await reportsOf(victim)).map((r) => r.reporterMark)).toEqual([null, null]);
  });
});
