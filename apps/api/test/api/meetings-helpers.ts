import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.ts';
import type { MyMeeting } from '@encanto/core/meetings';
import { createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { call, pairOf } from './marketplace-helpers.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export { testClock } from '../helpers/clock.ts';

/** ISO 8601 in Chile's summer offset (-03:00), `ms` after `from`. */
export function chileTime(from: Date, ms: number): string {
  const d = new Date(from.getTime() + ms - 3 * HOUR);
  return `${d.toISOString().slice(0, 19)}-03:00`;
}

export const requestBody = (client: FixtureAccount, escort: FixtureAccount, at: string, extra = {}) => ({
  ...pairOf(client, escort),
  fecha_hora: at,
  duracion_min: 90,
  lugar: 'en_su_lugar',
  mensaje: 'Hola, me gustaría conocerte.',
  ...extra,
});

/** Client requests at `at`, escort accepts: the meeting's id. */
export async function acceptedMeeting(
  app: FastifyInstance,
  client: FixtureAccount,
  escort: FixtureAccount,
  at: string,
): Promise<string> {
  const req = await call(app, 'POST', '/appointments/solicitar', client, requestBody(client, escort, at));
  expect(req.statusCode, req.body).toBe(201);
  const acc = await call(app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
  expect(acc.statusCode, acc.body).toBe(200);
  return req.json().cita as string;
}

/**
 * A new approved escort (or the one given) and a new approved client whose request for `at` she accepted:
 * the pair a safety record (an alert, an attendance mark) is about.
 */
export async function meetingPair(app: FastifyInstance, at: Date, escort?: FixtureAccount) {
  const [e, c] = await Promise.all([
    escort ?? createAccount(app, { kind: 'escort', autorizado: 'aprobado' }),
    createAccount(app, { kind: 'client', autorizado: 'aprobado' }),
  ]);
  const id = await acceptedMeeting(app, c, e, chileTime(at, 0));
  return { e, c, id, at };
}

/** Queued mail to an address, oldest first (what the outbox worker will send). */
export function outboxFor(app: FastifyInstance, to: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
}

/** The meeting as the caller sees it in GET /api/citas/mias. */
export async function myMeeting(app: FastifyInstance, who: FixtureAccount, id: string): Promise<MyMeeting> {
  const res = await call(app, 'GET', '/citas/mias', who);
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().citas as MyMeeting[]).find((c) => c.id === id);
  expect(found, `meeting ${id} in /citas/mias`).toBeDefined();
  return found!;
}
