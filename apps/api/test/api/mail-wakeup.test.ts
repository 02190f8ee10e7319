import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { depsOf } from '../../src/deps.ts';
import { queueMail } from '../../src/modules/mail/service.ts';
import { reportHeldMail } from '../../src/mail-templates/report-held.ts';
import type { OutgoingMail } from '../../src/infra/mail/transport.ts';

/**
 * The outbox worker sends a committed mail at once, woken by the outbox's notification (decision
 * 0186), not at its next poll: here the poll is ten minutes away, so only the wake-up can send it.
 */
describe('a committed mail wakes the outbox worker', () => {
  let t: TestApp;
  const sent: OutgoingMail[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { MAIL_POLL_MS: '600000' },
      services: {
        mailTransport: {
          send: async (m) => {
            sent.push(m);
          },
          close: () => {},
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const sample = reportHeldMail.samples.default!;
  const sentTo = (to: string) => sent.filter((m) => m.to === to).length;

  it('is sent when its transaction commits, and one rolled back is never sent', async () => {
    await t.app.db.transaction(async (tx) => {
      await queueMail(tx, depsOf(t.app), reportHeldMail, sample, { to: 'commit@example.cl' });
    });
    await expect.poll(() => sentTo('commit@example.cl')).toBe(1);

    await t.app.db
      .transaction(async (tx) => {
        await queueMail(tx, depsOf(t.app), reportHeldMail, sample, { to: 'rollback@example.cl' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A later commit wakes the worker, which sends that one and finds no other.
    await queueMail(t.app.db, depsOf(t.app), reportHeldMail, sample, { to: 'after@example.cl' });
    await expect.poll(() => sentTo('after@example.cl')).toBe(1);
    expect(sentTo('rollback@example.cl')).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a lost listening connection is opened again, and wake-ups resume',
    async () => {
      const killed = await t.app.db.execute(sql`
        select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN %'`);
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(1);
      // Opened again a few seconds later (relistenMs); each queued mail is a new chance to be woken.
      await expect
        .poll(
          async () => {
            await queueMail(t.app.db, depsOf(t.app), reportHeldMail, sample, { to: 'again@example.cl' });
            return sentTo('again@example.cl');
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
    },
  );
});
