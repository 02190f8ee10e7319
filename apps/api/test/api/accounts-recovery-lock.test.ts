import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDateAtTime } from '@encanto/core/chile-time';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { buildApp } from '../../src/app.ts';
import { recoveryGuards } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { lastMail, mailsTo } from './accounts-helpers.ts';

// Decision 0045. Rate limits off: the cap on wrong codes is an account rule kept in the database,
// so it holds without them (and across instances).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false', SITE_URL: 'https://encanto.example' } });
});
afterAll(async () => {
  await t.close();
});

type Kind = 'cliente' | 'usuario';
const kindOf = (a: FixtureAccount): Kind => (a.kind === 'client' ? 'cliente' : 'usuario');
const ask = (a: FixtureAccount, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/${kindOf(a)}/recuperar-pass`, payload: { email: a.email } });
const enter = (a: FixtureAccount, body: { codigoProvisorio: string; token?: string }, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: `/api/${kindOf(a)}/nueva-pass`,
    payload: { email: a.email, nuevaPass: 'nueva1234', ...body },
  });
/** Any code but the right one. */
const wrongFor = (code: string, i = 1) => String((Number(code) + i) % 10_000).padStart(4, '0');
const tokenOf = (link: string) => link.split('/').at(-1)!;
const lockMails = async (a: FixtureAccount) =>
  (await mailsTo(t.app, t.dataDir, a.email)).filter((m) =>
    m.includes('demasiados códigos provisorios incorrectos'),
  );

/** Ten wrong codes over three codes (5 + 4 + 1): the tenth locks. Returns the last code's mail. */
async function lockOut(a: FixtureAccount) {
  for (const [n, last] of [
    [5, false],
    [4, false],
    [1, true],
  ] as const) {
    expect((await ask(a)).statusCode).toBe(200);
    const mail = await lastMail(t.app, t.dataDir, a.email);
    for (let i = 1; i <= n; i++) {
      const res = await enter(a, { codigoProvisorio: wrongFor(mail.code, i) });
      expect(res.statusCode).toBe(last && i === n ? 429 : 400);
    }
    if (last) return mail;
  }
  throw new Error('unreachable');
}

describe('recovery code guessing (item 2)', () => {
  it('ten wrong codes within 24 h, across codes, lock code recovery for 24 h and mail the owner once', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const mail = await lockOut(c);
    // The right code of the live code is refused now: guessing is over for the day.
    const right = await enter(c, { codigoProvisorio: mail.code });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ mensaje: msg.recoveryLocked, code: 'RECOVERY_LOCKED' });
    const retry = Number(right.headers['retry-after']);
    expect(retry).toBeGreaterThan(timings.recoveryLockMs / 1000 - 120);
    expect(retry).toBeLessThanOrEqual(timings.recoveryLockMs / 1000);
    for (let i = 0; i < 5; i++) {
      expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, i + 2) })).statusCode).toBe(429);
    }
    // One mail, with the time in Chile and the hint; the password did not change.
    const [row] = await t.app.db.select().from(recoveryGuards).where(eq(recoveryGuards.accountId, c.id));
    const until = row!.lockedUntil!;
    const lockedAt = new Date(until.getTime() - timings.recoveryLockMs);
    const mails = await lockMails(c);
    expect(mails).toHaveLength(1);
    // In Chile's words, '3 de marzo de 2026 a las 14:05' (the text is pinned in packages/core/test).
    expect(mails[0]).toContain(`El ${formatDateAtTime(lockedAt)} (hora de Chile)`);
    expect(mails[0]).toContain(`hasta el ${formatDateAtTime(until)}`);
    expect(mails[0]).toContain('te recomendamos cambiarla desde tu perfil');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/login',
      payload: { email: c.email, pass: c.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("the mail's link (256-bit token) still works while code recovery is locked", async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const mail = await lockOut(e);
    // A made-up token is no way around the lock.
    const forged = await enter(e, { codigoProvisorio: mail.code, token: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(429);
    const ok = await enter(e, { codigoProvisorio: mail.code, token: tokenOf(mail.link) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ mensaje: msg.passwordUpdated });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: e.email, pass: 'nueva1234' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('typos made through the link do not count toward the cap', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    for (let round = 0; round < 3; round++) {
      expect((await ask(c)).statusCode).toBe(200);
      const mail = await lastMail(t.app, t.dataDir, c.email);
      for (let i = 1; i <= 4; i++) {
        const res = await enter(c, { codigoProvisorio: wrongFor(mail.code, i), token: tokenOf(mail.link) });
        expect(res.statusCode).toBe(400);
      }
    }
    expect((await ask(c)).statusCode).toBe(200);
    const mail = await lastMail(t.app, t.dataDir, c.email);
    expect((await enter(c, { codigoProvisorio: mail.code })).statusCode).toBe(200);
    expect(await lockMails(c)).toHaveLength(0);
  });

  it('the count lives in the database: it holds across instances and restarts', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    // A second instance on the same database, as after a restart or behind a load balancer.
    const other = await buildApp({ config: t.config, database: t.database });
    // Either instance's mail worker may send a mail (SKIP LOCKED): wait for both before reading the outbox.
    const newestMail = async () => {
      await other.background.mail.drain();
      return lastMail(t.app, t.dataDir, c.email);
    };
    try {
      expect((await ask(c)).statusCode).toBe(200);
      let mail = await newestMail();
      for (let i = 1; i <= 5; i++) {
        expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, i) })).statusCode).toBe(400);
      }
      expect((await ask(c, other)).statusCode).toBe(200);
      mail = await newestMail();
      for (let i = 1; i <= 4; i++) {
        expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, i) }, other)).statusCode).toBe(400);
      }
      // The tenth wrong code, back on the first instance, locks: it saw five, the database ten.
      expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, 5) })).statusCode).toBe(429);
      expect((await ask(c)).statusCode).toBe(200);
      mail = await newestMail();
      expect((await enter(c, { codigoProvisorio: mail.code }, other)).statusCode).toBe(429);
      await other.background.mail.drain();
      expect(await lockMails(c)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('the window slides: wrong codes older than 24 h no longer count, and the lock ends after 24 h', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    expect((await ask(c)).statusCode).toBe(200);
    let mail = await lastMail(t.app, t.dataDir, c.email);
    for (let i = 1; i <= 4; i++) await enter(c, { codigoProvisorio: wrongFor(mail.code, i) });
    expect((await ask(c)).statusCode).toBe(200);
    mail = await lastMail(t.app, t.dataDir, c.email);
    for (let i = 1; i <= 4; i++) await enter(c, { codigoProvisorio: wrongFor(mail.code, i) });
    // Eight failures, moved to just over a day ago: they drop out of the window.
    const dayAgo = Date.now() - timings.recoveryFailureWindowMs - 1000;
    await t.app.db
      .update(recoveryGuards)
      .set({ failures: Array.from({ length: 8 }, (_, i) => dayAgo - i) })
      .where(eq(recoveryGuards.accountId, c.id));
    expect((await ask(c)).statusCode).toBe(200);
    mail = await lastMail(t.app, t.dataDir, c.email);
    for (let i = 1; i <= 4; i++) {
      expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, i) })).statusCode).toBe(400);
    }
    expect((await ask(c)).statusCode).toBe(200);
    mail = await lastMail(t.app, t.dataDir, c.email);
    for (let i = 1; i <= 4; i++) {
      expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, i) })).statusCode).toBe(400);
    }
    // Eight recent failures: still open. Two more lock it.
    expect((await enter(c, { codigoProvisorio: wrongFor(mail.code, 5) })).statusCode).toBe(400);
    expect((await ask(c)).statusCode).toBe(200);
    mail = await lastMail(t.app, t.dataDir, c.email);
    expect((await enter(c, { codigoProvisorio: wrongFor(mail.code) })).statusCode).toBe(429);
    // A day later the lock is over and the code works again.
    await t.app.db
      .update(recoveryGuards)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(recoveryGuards.accountId, c.id));
    expect((await enter(c, { codigoProvisorio: mail.code })).statusCode).toBe(200);
  });
});
