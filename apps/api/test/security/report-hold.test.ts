import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escortProfiles, reports } from '../../src/db/schema/index.ts';
import { eraseExpiredReporterMarks } from '../../src/modules/reports/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';

/**
 * The attack: one anonymous 'menor' report hid any profile at once, and the
 * provider could not undo it. Now an anonymous (or unverified) reporter alone
 * only raises an urgent report; a hold needs an approved account or a second,
 * distinct reporter within 24 hours. Reporters are told apart by a salted HMAC
 * of their network, never by a stored address.
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
  return res.json() as { nickname_usuario: string; urgente: boolean; perfil_suspendido: boolean }[];
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

  it('two distinct reporters within 24 hours put the profile on hold', async () => {
    const victim = await escort();
    await report(victim.nickname, '198.51.100.20');
    expect(await isPublic(victim)).toBe(true);
    await report(victim.nickname, '198.51.100.21');
    expect(await isPublic(victim)).toBe(false);
    const list = await adminList();
    expect(list.filter((r) => r.nickname_usuario === victim.nickname).every((r) => !r.urgente)).toBe(true);
  });

  it('an earlier report over 24 hours old does not pair with a new one', async () => {
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

  it('one report from an approved account puts the profile on hold at once', async () => {
    const victim = await escort();
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await report(victim.nickname, '198.51.100.40', client);
    expect(await isPublic(victim)).toBe(false);
    const [row] = await t.app.db.select().from(escortProfiles).where(eq(escortProfiles.accountId, victim.id));
    expect(row).toMatchObject({ suspended: true, public: false, listed: false });
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
    await report(victim.nickname, '198.51.100.51');
    expect(await revision()).toBe('en_espera');
    const [first] = await reportsOf(victim);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/denuncias/${first!.id}/suspender`,
      headers: bearer(admin),
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
