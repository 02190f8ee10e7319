import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { blocks, meetings } from '../../src/db/schema/index.ts';
import { isBlocked } from '../../src/modules/blocks/queries.ts';
import { addMeeting } from './data-rights-fixtures.ts';

let t: TestApp;
let escort: FixtureAccount;
let client: FixtureAccount;
beforeAll(async () => {
  t = await createTestApp();
  escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
  client = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'DELETE', who: FixtureAccount | null, body: object) =>
  t.app.inject({ method, url: '/api/bloqueos', headers: who ? bearer(who) : {}, payload: body });
const readConversation = (who: FixtureAccount, meetingId: string) =>
  t.app.inject({ url: `/api/citas/${meetingId}/mensajes`, headers: bearer(who) });

describe('/api/bloqueos', () => {
  it('401 without a session; 403 for a client or an admin', async () => {
    expect((await call('POST', null, { nickname_cliente: client.nickname })).statusCode).toBe(401);
    expect((await call('POST', client, { nickname_cliente: client.nickname })).statusCode).toBe(403);
    const admin = await createAccount(t.app, { kind: 'admin' });
    expect((await call('POST', admin, { nickname_cliente: client.nickname })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/bloqueos', headers: bearer(client) })).statusCode).toBe(403);
  });

  it('400 for a malformed nickname; 404 for an unknown client or an escort nickname', async () => {
    const bad = await call('POST', escort, { nickname_cliente: 'con espacios!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().mensaje).toBe('Solo letras y números (sin espacios ni símbolos)');
    for (const nickname of ['nadie999', escort.nickname]) {
      const res = await call('POST', escort, { nickname_cliente: nickname });
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe('No encontramos a ese cliente.');
    }
  });

  it('blocking ends a pending request and an open conversation, and is idempotent', async () => {
    const other = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    const pending = await addMeeting(t.app, other, escort, 'pendiente');
    const open = await addMeeting(t.app, other, escort, 'aceptada');
    const res = await call('POST', escort, { nickname_cliente: other.nickname });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mensaje: 'Cliente bloqueado. Ya no podrá pedirte citas, comentarte ni calificarte.',
    });
    expect((await call('POST', escort, { nickname_cliente: other.nickname })).statusCode).toBe(200);
    const rows = await t.app.db.select().from(meetings).where(eq(meetings.clientId, other.id));
    expect(rows.find((m) => m.id === pending)).toMatchObject({ status: 'rechazada', acceso: false });
    expect(rows.find((m) => m.id === open)).toMatchObject({ status: 'cerrada', acceso: false });
    expect(await isBlocked(t.app.db, escort.id, other.id)).toBe(true);
    expect(await isBlocked(t.app.db, escort.id, client.id)).toBe(false);
    // The blocked client is refused with the neutral answer, even to read the conversation the block
    // closed; a client she did not block is not.
    const refused = await readConversation(other, open);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ mensaje: 'No es posible realizar esta acción con este perfil.' });
    const unblocked = await addMeeting(t.app, client, escort, 'aceptada');
    expect((await readConversation(client, unblocked)).statusCode).toBe(200);

    const list = await t.app.inject({ url: '/api/bloqueos', headers: bearer(escort) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ nickname_cliente: other.nickname, desde: expect.any(String) }]);
  });

  it('unblocking removes the block; unknown client 404', async () => {
    const other = await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' });
    await call('POST', escort, { nickname_cliente: other.nickname });
    const res = await call('DELETE', escort, { nickname_cliente: other.nickname });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Cliente desbloqueado.' });
    const rows = await t.app.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.escortId, escort.id), eq(blocks.clientId, other.id)));
    expect(rows).toEqual([]);
    expect((await call('DELETE', escort, { nickname_cliente: 'nadie999' })).statusCode).toBe(404);
    expect((await call('DELETE', client, { nickname_cliente: other.nickname })).statusCode).toBe(403);
  });
});
