import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, auditLog, identityDocuments, media } from '../../src/db/schema/index.ts';
import { depsOf } from '../../src/deps.ts';
import type { OutgoingMail } from '../../src/infra/mail/transport.ts';
import type { Db } from '../../src/db/client.ts';
import { inactivityMailSubject } from '../../src/mail-templates/inactive-account.ts';
import { runRetention } from '../../src/modules/data-rights/retention.ts';
import { noticeInactivePending } from '../../src/modules/data-rights/inactive-accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { addDocument, addPhoto, fileExists, pngBytes } from './data-rights-fixtures.ts';

/**
 * Decision 0052: documents of rejected accounts and accounts left pending
 * are not kept forever. The job takes `now`, so a test moves time by passing a
 * later date, and moves an account's past by back-dating its activity.
 */
const DAY = 86_400_000;
const sent: OutgoingMail[] = [];
const recorder = { send: async (m: OutgoingMail) => void sent.push(m), close: () => undefined };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' }, services: { mailTransport: recorder } });
});
afterAll(async () => {
  await t?.close();
});

// Mail goes through the outbox: each run is followed by the worker's send, so `sent` holds what it queued.
const run = async (now: Date) => {
  const result = await runRetention(depsOf(t.app), now);
  await t.app.background.mail.drain();
  return result;
};
const later = (days: number) => new Date(Date.now() + days * DAY);
const row = async (id: string) => (await t.app.db.select().from(accounts).where(eq(accounts.id, id)))[0];
const docRow = async (id: string) =>
  (await t.app.db.select().from(identityDocuments).where(eq(identityDocuments.accountId, id)))[0];
const auditOf = async (id: string) =>
  (await t.app.db.select().from(auditLog).where(eq(auditLog.accountId, id)).orderBy(auditLog.id)).map((l) => [
    l.adminNickname,
    l.action,
    l.reasons,
  ]);
const backdate = (a: FixtureAccount, days: number) =>
  t.app.db
    .update(accounts)
    .set({ lastActiveAt: new Date(Date.now() - days * DAY) })
    .where(eq(accounts.id, a.id));
const mailsTo = (a: FixtureAccount) => sent.filter((m) => m.to === a.email);

async function rejectDocument(admin: FixtureAccount, a: FixtureAccount) {
  const path = a.kind === 'client' ? 'cliente/informa-rechazar-cliente' : 'usuario/informar-rechazo-escort';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}/${encodeURIComponent(a.rut)}`,
    payload: { motivo: 'Foto borrosa' },
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
}

describe('rejected identity documents', () => {
  it('are deleted 30 days after the rejection (file, row, audit line); the account stays pending', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const c = await createAccount(t.app, { kind: 'client' });
    const e = await createAccount(t.app, { kind: 'escort' });
    const cDoc = await addDocument(t.app, c);
    const eDoc = await addDocument(t.app, e);
    await rejectDocument(admin, c);
    await rejectDocument(admin, e);
    const rejectedAt = (await docRow(c.id))!.rejectedAt!;
    expect(Math.abs(rejectedAt.getTime() - Date.now())).toBeLessThan(60_000);

    // A second rejection does not postpone the deletion.
    await rejectDocument(admin, c);
    expect((await docRow(c.id))!.rejectedAt).toEqual(rejectedAt);

    expect((await run(later(29))).rejectedDocuments).toBe(0);
    expect(await fileExists(cDoc.file)).toBe(true);
    expect((await run(later(31))).rejectedDocuments).toBeGreaterThanOrEqual(2);
    for (const [a, doc] of [
      [c, cDoc],
      [e, eDoc],
    ] as const) {
      expect(await fileExists(doc.file)).toBe(false);
      expect(await docRow(a.id)).toBeUndefined();
      expect(await row(a.id)).toMatchObject({ autorizado: 'pendiente' });
      expect((await auditOf(a.id)).at(-1)).toEqual([
        'sistema',
        'documento_eliminado_por_plazo',
        '30 días después del rechazo',
      ]);
    }
  });

  it('a document uploaded after the rejection is a new one, kept until it is reviewed', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const c = await createAccount(t.app, { kind: 'client' });
    await addDocument(t.app, c);
    await rejectDocument(admin, c);
    const mine = await t.app.inject({ url: '/api/cuenta/mis-datos', headers: bearer(c) });
    expect(mine.json().documento.se_elimina_el.slice(0, 10)).toBe(later(30).toISOString().slice(0, 10));
    await t.app.db.delete(identityDocuments).where(eq(identityDocuments.accountId, c.id));
    const fresh = await addDocument(t.app, c);
    await run(later(45));
    expect(await fileExists(fresh.file)).toBe(true);
    expect((await docRow(c.id))!.rejectedAt).toBeNull();
  });
});

describe('pending accounts without activity', () => {
  it('get one mail at 60 days and are deleted with document and photos at 90 (30 days after the mail)', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const doc = await addDocument(t.app, e);
    const photo = await addPhoto(t.app, e, 'profile', await pngBytes(161));
    await backdate(e, 59);
    await run(new Date());
    expect(mailsTo(e)).toEqual([]);

    await backdate(e, 61);
    const now = new Date();
    expect((await run(now)).inactiveNotices).toBeGreaterThanOrEqual(1);
    const [mail] = mailsTo(e);
    expect(mail!.subject).toBe(inactivityMailSubject(t.config.siteName));
    expect(mail!.text).toContain(`Hola ${e.nickname}:`);
    expect(mail!.text).toContain('no has ingresado en 60 días');
    expect(mail!.text).toContain('/Login/EscortLogin');
    expect((await row(e.id))!.inactivityNoticeAt).toEqual(now);

    // Once: later runs do not mail again, and do not delete before 90 days without activity.
    await run(later(20));
    expect(mailsTo(e)).toHaveLength(1);
    expect(await row(e.id)).toBeDefined();

    expect((await run(later(31))).inactiveDeleted).toBeGreaterThanOrEqual(1);
    expect(await row(e.id)).toBeUndefined();
    expect(await fileExists(doc.file)).toBe(false);
    expect(await t.app.db.select().from(media).where(eq(media.publicId, photo.publicId))).toEqual([]);
    const [line] = await t.app.db.select().from(auditLog).where(eq(auditLog.accountNickname, e.nickname));
    expect([line!.adminNickname, line!.action, line!.accountId]).toEqual([
      'sistema',
      'cuenta_eliminada_por_inactividad',
      null,
    ]);
    expect(line!.reasons).toBe('90 días sin actividad con la cuenta pendiente de validación');
    // The nickname and e-mail are free again.
    expect((await t.app.inject(`/api/usuario/validar/nickname/${e.nickname}`)).statusCode).toBe(404);
  });

  it('signing in after the mail keeps the account and cancels the notice', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    await backdate(c, 61);
    await run(new Date());
    expect(mailsTo(c)).toHaveLength(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/login',
      payload: { email: c.email, pass: c.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await row(c.id))!.inactivityNoticeAt).toBeNull();
    await run(later(31));
    expect(await row(c.id)).toBeDefined();
    expect(mailsTo(c)).toHaveLength(1);
  });

  it('is never deleted without the 30 days the mail gives, however long inactive', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    await backdate(c, 400);
    await run(new Date());
    expect(await row(c.id)).toBeDefined();
    expect(mailsTo(c)).toHaveLength(1);
    await run(later(29));
    expect(await row(c.id)).toBeDefined();
    await run(later(31));
    expect(await row(c.id)).toBeUndefined();
  });

  it('approved accounts and admins are never mailed nor deleted for inactivity', async () => {
    const approved = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    await backdate(approved, 400);
    await backdate(admin, 400);
    await run(new Date());
    await run(later(60));
    expect(mailsTo(approved)).toEqual([]);
    expect(mailsTo(admin)).toEqual([]);
    expect(await row(approved.id)).toBeDefined();
    expect(await row(admin.id)).toBeDefined();
  });

  it('a notice that cannot be queued is retried at the next run, and the account is not deleted meanwhile', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    await backdate(c, 100);
    // The mail is queued in the notice's transaction (the outbox worker sends it later, and retries
    // there): a database that refuses the transaction leaves neither the notice nor the mail behind.
    const failing = new Proxy(t.app.db, {
      get: (db, key) =>
        key === 'transaction'
          ? async () => {
              throw new Error('database unavailable');
            }
          : Reflect.get(db, key),
    }) as Db;
    expect(await noticeInactivePending({ ...depsOf(t.app), db: failing }, new Date())).toBe(0);
    expect((await row(c.id))!.inactivityNoticeAt).toBeNull();
    await run(later(31));
    expect(await row(c.id)).toBeDefined();
    expect(mailsTo(c)).toHaveLength(1);
  });
});
