import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { blocks, meetings } from '../../src/db/schema/index.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as `who` (null = anonymous). */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  who: FixtureAccount | null,
  body?: unknown,
) {
  return app.inject({
    method,
    url: `/api${url}`,
    ...(who ? { headers: bearer(who) } : {}),
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

export const pairOf = (client: FixtureAccount, escort: FixtureAccount) => ({
  nickname_cliente: client.nickname,
  nickname_usuario: escort.nickname,
});

/** A meeting time `hours` from `from`, as ISO 8601 with Chile's summer offset. */
export function meetingTime(hours = 48, from = new Date()): string {
  const d = new Date(from.getTime() + hours * 3_600_000 - 3 * 3_600_000);
  return `${d.toISOString().slice(0, 19)}-03:00`;
}

/** The details every request now carries (decision 0065): a time, a duration and a place. */
export const details = (hours = 48, from = new Date()) => ({
  fecha_hora: meetingTime(hours, from),
  duracion_min: 120,
  lugar: 'hotel' as const,
});

/** The request body: the pair plus the details. */
export const requestOf = (client: FixtureAccount, escort: FixtureAccount, hours = 48, from = new Date()) => ({
  ...pairOf(client, escort),
  ...details(hours, from),
});

export const pairQuery = (client: FixtureAccount, escort: FixtureAccount) =>
  `nickname_cliente=${encodeURIComponent(client.nickname)}&nickname_usuario=${encodeURIComponent(escort.nickname)}`;

export const approvedClient = (app: FastifyInstance) =>
  createAccount(app, { kind: 'client', autorizado: 'aprobado', genero: 'Masculino' });
export const approvedEscort = (app: FastifyInstance) =>
  createAccount(app, { kind: 'escort', autorizado: 'aprobado' });

/**
 * The meeting's time has come: it starts now on the app's clock, so its reviews are open (they open
 * at the meeting's time, decision 0157). A request must be an hour ahead; this stands for the wait.
 */
export async function startMeeting(app: FastifyInstance, meetingId: string): Promise<void> {
  await app.db
    .update(meetings)
    .set({ fechaHora: app.services.clock.now() })
    .where(eq(meetings.id, meetingId));
}

/** Client requests, escort accepts, and the meeting's time comes: returns the conversation token. */
export async function meet(
  app: FastifyInstance,
  client: FixtureAccount,
  escort: FixtureAccount,
): Promise<string> {
  const req = await call(app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
  expect(req.statusCode, req.body).toBe(201);
  const acc = await call(app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
  expect(acc.statusCode, acc.body).toBe(200);
  await startMeeting(app, req.json().cita as string);
  return acc.json().token as string;
}

export async function block(
  app: FastifyInstance,
  escort: FixtureAccount,
  client: FixtureAccount,
): Promise<void> {
  await app.db.insert(blocks).values({ escortId: escort.id, clientId: client.id });
}

export const notes = (n = 8) => ({ nota1: n, nota2: n, nota3: n, nota4: n, nota5: n });

/**
 * Both sides rate their latest meeting, so its reviews are published at once
 * (double-blind: until then neither the comment nor the ratings show).
 */
export async function rateBoth(
  app: FastifyInstance,
  client: FixtureAccount,
  escort: FixtureAccount,
  byClient: Record<string, number> = notes(8),
  byEscort: Record<string, number> = notes(8),
): Promise<void> {
  const c = await call(app, 'POST', '/ratings/insertarUsuario', client, {
    calificador: client.nickname,
    nickname_usuario: escort.nickname,
    ...byClient,
  });
  expect(c.statusCode, c.body).toBe(201);
  const e = await call(app, 'POST', '/notes/insertarCliente', escort, {
    calificador: escort.nickname,
    nickname_cliente: client.nickname,
    ...byEscort,
  });
  expect(e.statusCode, e.body).toBe(201);
}

/** Rows as an array whatever the driver returns. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] };
  return r.rows ?? (result as T[]);
}
