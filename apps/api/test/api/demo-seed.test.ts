import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ageOn } from '@encanto/core/age';
import { todayInChile } from '@encanto/core/chile-time';
import { cityPages } from '@encanto/core/landing';
import { escortCardSchema } from '@encanto/core/escorts';
import {
  accounts,
  escortProfiles,
  media,
  escortRatings,
  ratingTotals,
  comments,
  meetings,
  attendanceMarks,
} from '../../src/db/schema/index.ts';
import { verifyPassword } from '../../src/lib/passwords.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData, type SeedResult } from '../../src/demo/seed.ts';
import { depsOf } from '../../src/deps.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// Seeding renders ~86 illustrations: slow on a busy 2-core machine.
const SEED_TIMEOUT = 240_000;

describe('demo data on an empty database', () => {
  let t: TestApp;
  let result: SeedResult | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    result = await seedDemoData(depsOf(t.app));
  }, SEED_TIMEOUT);
  afterAll(() => t?.close());

  it('lists at least 80 approved escorts with illustrated photos and srcset variants', async () => {
    const listed = await t.app.db
      .select({ id: accounts.id, url: accounts.url, autorizado: accounts.autorizado })
      .from(escortProfiles)
      .innerJoin(accounts, eq(accounts.id, escortProfiles.accountId))
      .where(eq(escortProfiles.listed, true));
    expect(listed.length).toBeGreaterThanOrEqual(80);
    expect(listed.every((e) => e.autorizado === 'aprobado' && e.url.startsWith('/media/'))).toBe(true);
    const [photos] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(media)
      .where(and(eq(media.purpose, 'profile'), eq(media.mediaType, 'image')));
    expect(photos!.n).toBeGreaterThanOrEqual(80);

    const res = await t.app.inject('/api/ultimos');
    const cards = res.json() as unknown[];
    expect(cards.length).toBeGreaterThan(0);
    const card = escortCardSchema.parse(cards[0]);
    expect(card.srcset.split(', ')).toHaveLength(3);
    const photo = await t.app.inject(card.url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/webp');
  });

  it('gives every one of the 56 landing cities at least one escort', async () => {
    expect(cityPages).toHaveLength(56);
    for (const page of cityPages) {
      const res = await t.app.inject(`/api/usuario/ciudad/${encodeURIComponent(page.comuna ?? page.city)}`);
      expect(res.statusCode, page.slug).toBe(200);
      expect((res.json() as unknown[]).length, page.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it('creates pending escorts and clients, and approved clients', async () => {
    const rows = await t.app.db
      .select({ kind: accounts.kind, autorizado: accounts.autorizado, n: sql<number>`count(*)::int` })
      .from(accounts)
      .groupBy(accounts.kind, accounts.autorizado);
    const n = (kind: string, autorizado: string) =>
      rows.find((r) => r.kind === kind && r.autorizado === autorizado)?.n ?? 0;
    expect(n('escort', 'pendiente')).toBeGreaterThanOrEqual(3);
    expect(n('client', 'pendiente')).toBeGreaterThanOrEqual(3);
    expect(n('client', 'aprobado')).toBeGreaterThanOrEqual(2);
  });

  it('keeps every escort between 21 and 45 years old', async () => {
    const births = await t.app.db
      .select({ fechaNac: accounts.fechaNac })
      .from(accounts)
      .where(eq(accounts.kind, 'escort'));
    for (const b of births) {
      const age = ageOn(b.fechaNac, todayInChile(new Date()));
      expect(age).toBeGreaterThanOrEqual(21);
      expect(age).toBeLessThanOrEqual(45);
    }
  });

  it('lets demo accounts log in with the printed demo password', async () => {
    const [client] = await t.app.db
      .select({ passHash: accounts.passHash })
      .from(accounts)
      .where(and(eq(accounts.kind, 'client'), eq(accounts.autorizado, 'aprobado')))
      .limit(1);
    expect(await verifyPassword(client!.passHash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives the sample client and escort an accepted meeting that ended yesterday, not yet marked', async () => {
    const byEmail = async (email: string | undefined) =>
      (
        await t.app.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.email, email ?? ''))
      )[0]?.id;
    const clientId = await byEmail(result?.samples.client);
    const escortId = await byEmail(result?.samples.escort);
    const rows = await t.app.db
      .select()
      .from(meetings)
      .where(
        and(
          eq(meetings.clientId, clientId ?? ''),
          eq(meetings.escortId, escortId ?? ''),
          eq(meetings.status, 'aceptada'),
        ),
      );
    expect(rows).toHaveLength(1);
    const m = rows[0]!;
    const end = m.fechaHora!.getTime() + (m.duracionMin ?? 0) * 60_000;
    const now = t.app.services.clock.now().getTime();
    // Ended yesterday: between one and two days ago (the time is rounded to the half hour).
    expect(now - end).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(now - end).toBeLessThan(48 * 3_600_000);
    expect(await t.app.db.select().from(attendanceMarks).where(eq(attendanceMarks.meetingId, m.id))).toEqual(
      [],
    );
  });

  it('creates a demo admin whose returned login works', async () => {
    expect(result?.admin?.email).toBe(DEMO_ADMIN_EMAIL);
    const [admin] = await t.app.db
      .select({ passHash: accounts.passHash, kind: accounts.kind, tipoPerfil: accounts.tipoPerfil })
      .from(accounts)
      .where(eq(accounts.emailNorm, DEMO_ADMIN_EMAIL));
    expect(admin?.kind).toBe('admin');
    expect(admin?.tipoPerfil).toBe('admin');
    expect(await verifyPassword(admin!.passHash, result!.admin!.password)).toBe(true);
    expect(await verifyPassword(admin!.passHash, 'wrong-password')).toBe(false);
  });

  it('keeps rating totals consistent with the ratings', async () => {
    const sums = await t.app.db
      .select({
        escortId: escortRatings.escortId,
        count: sql<number>`count(*)::int`,
        s1: sql<number>`sum(${escortRatings.nota1})::int`,
      })
      .from(escortRatings)
      .groupBy(escortRatings.escortId);
    expect(sums.length).toBeGreaterThan(0);
    for (const s of sums) {
      const [total] = await t.app.db
        .select()
        .from(ratingTotals)
        .where(eq(ratingTotals.accountId, s.escortId));
      expect(total?.count).toBe(s.count);
      expect(total?.sum1).toBe(s.s1);
    }
    const [c] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(comments);
    expect(c!.n).toBe(sums.reduce((a, s) => a + s.count, 0));
  });

  it('does nothing the second time', async () => {
    const count = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]!.n;
    const before = await count();
    expect(await seedDemoData(depsOf(t.app))).toBeUndefined();
    expect(await count()).toBe(before);
  });
});

describe('demo data with a configured admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'jefa@example.cl', ADMIN_PASSWORD: 'clave-segura-1' } });
  });
  afterAll(() => t?.close());

  it(
    'creates no separate demo admin',
    async () => {
      const result = await seedDemoData(depsOf(t.app));
      expect(result).toBeDefined();
      expect(result?.admin).toBeUndefined();
      const admins = await t.app.db
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.kind, 'admin'));
      expect(admins.map((a) => a.email)).not.toContain(DEMO_ADMIN_EMAIL);
    },
    SEED_TIMEOUT,
  );
});
