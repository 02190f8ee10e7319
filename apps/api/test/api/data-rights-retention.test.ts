import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';
import { accounts, auditLog, identityDocuments } from '../../src/db/schema/index.ts';
import { depsOf } from '../../src/deps.ts';
import { purgeExpiredDocuments } from '../../src/modules/data-rights/retention.ts';
import { addDocument, fileExists, listFiles } from './data-rights-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DOCUMENT_RETENTION_DAYS: '30' } });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

describe('identity document retention', () => {
  it('deletes the file and row 30 days after approval, keeps the rest, and logs who decided what and when', async () => {
    const now = new Date();
    const old = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const recent = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const pending = await createAccount(t.app, { kind: 'client' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    await t.app.db
      .update(accounts)
      .set({ approvedAt: new Date(now.getTime() - 31 * DAY) })
      .where(eq(accounts.id, old.id));
    await t.app.db
      .update(accounts)
      .set({ approvedAt: new Date(now.getTime() - 29 * DAY) })
      .where(eq(accounts.id, recent.id));
    await t.app.db.insert(auditLog).values({
      adminId: admin.id,
      adminNickname: admin.nickname,
      accountId: old.id,
      accountNickname: old.nickname,
      action: 'autorizado',
      reasons: 'Cuenta Autorizada',
    });
    const oldDoc = await addDocument(t.app, old);
    const recentDoc = await addDocument(t.app, recent);
    const pendingDoc = await addDocument(t.app, pending);

    expect(await purgeExpiredDocuments(depsOf(t.app), now)).toBe(1);
    expect(await fileExists(oldDoc.file)).toBe(false);
    expect(
      await t.app.db.select().from(identityDocuments).where(eq(identityDocuments.accountId, old.id)),
    ).toEqual([]);
    for (const f of [recentDoc.file, pendingDoc.file]) expect(await fileExists(f)).toBe(true);
    expect(await listFiles(path.join(t.dataDir, 'documents'))).toHaveLength(2);
    const log = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.accountId, old.id))
      .orderBy(auditLog.id);
    expect(log.map((l) => [l.adminNickname, l.action])).toEqual([
      [admin.nickname, 'autorizado'],
      ['sistema', 'documento_eliminado_por_plazo'],
    ]);
    // Running again finds nothing; two days later the escort's document goes too.
    expect(await purgeExpiredDocuments(depsOf(t.app), now)).toBe(0);
    expect(await purgeExpiredDocuments(depsOf(t.app), new Date(now.getTime() + 2 * DAY))).toBe(1);
    expect(await fileExists(recentDoc.file)).toBe(false);
    expect(await fileExists(pendingDoc.file)).toBe(true);
  });

  it('the retention period comes from DOCUMENT_RETENTION_DAYS (and the privacy text reads it)', async () => {
    const short = await createTestApp({ env: { DOCUMENT_RETENTION_DAYS: '1' } });
    try {
      const privacy = await short.app.inject('/api/privacidad');
      expect(privacy.json()).toEqual({ retencion_documento_dias: 1 });
      expect(privacy.headers['cache-control']).toContain('public');
      const client = await createAccount(short.app, { kind: 'client', autorizado: 'aprobado' });
      await short.app.db
        .update(accounts)
        .set({ approvedAt: new Date(Date.now() - 2 * DAY) })
        .where(eq(accounts.id, client.id));
      const doc = await addDocument(short.app, client);
      expect(await purgeExpiredDocuments(depsOf(short.app), short.app.services.clock.now())).toBe(1);
      expect(await fileExists(doc.file)).toBe(false);
    } finally {
      await short.close();
    }
  });
});
