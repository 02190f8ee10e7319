import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAccount } from '../helpers/fixtures.ts';
import { meetings } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import {
  approvedClient,
  approvedEscort,
  block,
  call,
  meet,
  pairOf,
  pairQuery,
  details,
  requestOf,
  startMeeting,
} from './marketplace-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('appointments/solicitar', () => {
  it('401 without a session, 403 for admins, escorts and a body naming someone else', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const other = await approvedClient(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', null, requestOf(client, escort))).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', admin, requestOf(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', escort, requestOf(client, escort))).statusCode,
    ).toBe(403);
    const res = await call(t.app, 'POST', '/appointments/solicitar', other, requestOf(client, escort));
    expect(res.statusCode).toBe(403);
    expect(await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id))).toHaveLength(0);
  });

  it('403 with the spec message for a client not yet approved', async () => {
    const client = await createAccount(t.app, { kind: 'client', autorizado: 'pendiente' });
    const escort = await approvedEscort(t.app);
    const res = await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(res.statusCode).toBe(403);
    expect(res.json().mensaje).toBe('❌ Debes estar autorizado para enviar solicitudes.');
  });

  it('404 for an unknown, unapproved or inactive profile', async () => {
    const client = await approvedClient(t.app);
    const pending = await createAccount(t.app, { kind: 'escort', autorizado: 'pendiente' });
    const inactive = await createAccount(t.app, {
      kind: 'escort',
      autorizado: 'aprobado',
      estado: 'inactiva',
    });
    const ghost = { nickname_cliente: client.nickname, nickname_usuario: 'noexiste1', ...details() };
    expect((await call(t.app, 'POST', '/appointments/solicitar', client, ghost)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, pending))).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, inactive))).statusCode,
    ).toBe(404);
    // A client nickname in the escort slot is not an escort either.
    const other = await approvedClient(t.app);
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, other))).statusCode,
    ).toBe(404);
  });

  it('one pending request per pair: the second is a 409 with the spec message', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const first = await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(first.statusCode).toBe(201);
    expect(first.json().mensaje).toBe('✅ Solicitud enviada correctamente.');
    const second = await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(second.statusCode).toBe(409);
    expect(second.json().mensaje).toBe('⚠️ Ya tienes una solicitud pendiente.');
    const again = await call(
      t.app,
      'POST',
      '/appointments/reutilizar-estado',
      client,
      requestOf(client, escort),
    );
    expect(again.statusCode).toBe(409);
  });

  it('nicknames compare case-insensitively', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const res = await call(t.app, 'POST', '/appointments/solicitar', client, {
      nickname_cliente: client.nickname.toUpperCase(),
      nickname_usuario: escort.nickname.toUpperCase(),
      ...details(),
    });
    expect(res.statusCode).toBe(201);
  });

  it('a client the escort blocked gets the neutral refusal and she never sees a request', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await block(t.app, escort, client);
    const res = await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ mensaje: msg.forbidden, code: 'FORBIDDEN' });
    const list = await call(t.app, 'GET', `/appointments/pendientes/${escort.nickname}`, escort);
    expect(list.json().solicitudes).toEqual([]);
  });
});

describe('pending lists', () => {
  it('pendientes/{nick} and solicitudes/{nickname} list requesters for that escort only', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const otherEscort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    const list = await call(t.app, 'GET', `/appointments/pendientes/${escort.nickname}`, escort);
    expect(list.statusCode).toBe(200);
    expect(list.json().solicitudes.map((s: { nickname_cliente: string }) => s.nickname_cliente)).toEqual([
      client.nickname,
    ]);
    expect(list.json().solicitudes[0]).toMatchObject({ genero: 'Masculino' });
    const names = await call(t.app, 'GET', `/conversacion-cliente/solicitudes/${escort.nickname}`, escort);
    expect(names.json()).toEqual({ solicitudes: [client.nickname] });
    expect((await call(t.app, 'GET', `/appointments/pendientes/${escort.nickname}`, null)).statusCode).toBe(
      401,
    );
    expect(
      (await call(t.app, 'GET', `/appointments/pendientes/${escort.nickname}`, otherEscort)).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/appointments/pendientes/${escort.nickname}`, client)).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'GET', `/conversacion-cliente/solicitudes/${escort.nickname}`, otherEscort))
        .statusCode,
    ).toBe(403);
  });

  it('existe, existe-cliente and conversacion/existe report the pair for either participant only', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const stranger = await approvedClient(t.app);
    expect(
      (await call(t.app, 'POST', '/appointments/existe', client, pairOf(client, escort))).json(),
    ).toEqual({ existe: false });
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/appointments/existe', client, pairOf(client, escort))).json(),
    ).toEqual({ existe: true });
    expect(
      (await call(t.app, 'POST', '/appointments/existe', escort, pairOf(client, escort))).json(),
    ).toEqual({ existe: true });
    expect(
      (
        await call(t.app, 'POST', '/conversacion-cliente/existe-cliente', escort, pairOf(client, escort))
      ).json(),
    ).toEqual({ existe: true });
    expect(
      (await call(t.app, 'POST', '/conversacion/existe', client, pairOf(client, escort))).json(),
    ).toEqual({ existe: true });
    expect(
      (await call(t.app, 'POST', '/appointments/existe', stranger, pairOf(client, escort))).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', '/appointments/existe', null, pairOf(client, escort))).statusCode).toBe(
      401,
    );
  });
});

describe('accepting and rejecting', () => {
  it('only the named escort accepts; a client never does; the token is returned once and only its hash kept', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const otherEscort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar', client, pairOf(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', '/conversacion-cliente/aceptar', client, pairOf(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar', otherEscort, pairOf(client, escort))).statusCode,
    ).toBe(403);
    // Naming herself, the other escort has no request to accept.
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar', otherEscort, pairOf(client, otherEscort)))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar', null, pairOf(client, escort))).statusCode,
    ).toBe(401);

    const res = await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    expect(res.statusCode).toBe(200);
    const { token, mensaje } = res.json();
    expect(mensaje).toBe('Conversación creada y aceptada');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [row] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(row).toMatchObject({ status: 'aceptada', acceso: true, click: true, comentado: false });
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.acceptedAt).toBeInstanceOf(Date);

    const q = pairQuery(client, escort);
    // Accepted, but no review before the meeting's time (decision 0157).
    expect((await call(t.app, 'GET', `/appointments/verificar-acceso?${q}`, client)).json()).toEqual({
      acceso: false,
    });
    await startMeeting(t.app, row!.id);
    expect((await call(t.app, 'GET', `/appointments/verificar-acceso?${q}`, client)).json()).toEqual({
      acceso: true,
    });
    expect((await call(t.app, 'GET', `/appointments/click-activo?${q}`, client)).json()).toEqual({
      click: true,
    });
    expect((await call(t.app, 'GET', `/conversacion-cliente/click?${q}`, escort)).json()).toEqual({
      click: true,
    });
    expect((await call(t.app, 'GET', `/appointments/estado-comentado?${q}`, client)).json()).toEqual({
      comentado: false,
    });
    expect((await call(t.app, 'GET', `/conversacion-cliente/estado-comentado?${q}`, escort)).json()).toEqual({
      comentado: false,
    });
    expect((await call(t.app, 'GET', `/appointments/verificar-acceso?${q}`, otherEscort)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', `/appointments/verificar-acceso?${q}`, null)).statusCode).toBe(401);
    const state = await call(t.app, 'GET', `/appointments/estado?${q}`, client);
    expect(state.json()).toMatchObject({
      estado: 'aceptada',
      pendiente: false,
      acceso: true,
      puedeCalificarUsuario: true,
      comentadoHoy: false,
    });
  });

  it('a second meeting of the same pair says "Conversación aceptada"; crear-o-actualizar on an accepted one refreshes the token', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    expect(
      (await call(t.app, 'POST', '/appointments/cerrar', client, pairOf(client, escort))).json().mensaje,
    ).toBe('Conversación cerrada con éxito.');
    expect(
      (await call(t.app, 'POST', '/appointments/reutilizar-estado', client, requestOf(client, escort)))
        .statusCode,
    ).toBe(201);
    const second = await call(
      t.app,
      'POST',
      '/conversacion-cliente/crear-o-actualizar',
      escort,
      pairOf(client, escort),
    );
    expect(second.json().mensaje).toBe('Conversación aceptada');
    const refresh = await call(
      t.app,
      'POST',
      '/conversacion-cliente/reutilizar-estado-cliente',
      escort,
      pairOf(client, escort),
    );
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json().mensaje).toBe('Estado de conversación actualizado');
    const rows = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(rows.filter((r) => r.status === 'aceptada')).toHaveLength(1);
    expect(rows.find((r) => r.status === 'aceptada')!.tokenHash).toBe(sha256(refresh.json().token));
    // appointments/aceptar has nothing pending to accept.
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort))).statusCode,
    ).toBe(404);
  });

  it('the escort-side conversacion calls accept and reject (POST and PUT)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'PUT', '/conversacion/rechazar', escort, pairOf(client, escort))).json().mensaje,
    ).toBe('Conversación rechazada');
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/conversacion/rechazar', client, pairOf(client, escort))).statusCode,
    ).toBe(403);
    const acc = await call(t.app, 'PUT', '/conversacion/aceptar', escort, pairOf(client, escort));
    expect(acc.statusCode).toBe(200);
    expect(acc.json().mensaje).toBe('Conversación creada y aceptada');
    expect(
      (await call(t.app, 'POST', '/conversacion/aceptar', escort, pairOf(client, escort))).json().mensaje,
    ).toBe('Estado de conversación actualizado');
  });

  it('rechazar turns the request down and removes it from the list; 404 when nothing is pending', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/appointments/rechazar', client, pairOf(client, escort))).statusCode,
    ).toBe(403);
    const res = await call(t.app, 'POST', '/appointments/rechazar', escort, pairOf(client, escort));
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toBe('Conversación rechazada');
    expect(
      (await call(t.app, 'GET', `/appointments/pendientes/${escort.nickname}`, escort)).json().solicitudes,
    ).toEqual([]);
    expect(
      (await call(t.app, 'POST', '/appointments/rechazar', escort, pairOf(client, escort))).statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(row!.status).toBe('rechazada');
    expect(
      (await call(t.app, 'GET', `/appointments/estado?${pairQuery(client, escort)}`, client)).json().estado,
    ).toBe('rechazada');
  });

  it('a block placed after the request stops the escort from accepting it', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    await block(t.app, escort, client);
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort))).statusCode,
    ).toBe(403);
  });
});

describe('cancelling and closing', () => {
  it('cerrar-cliente cancels the pending request (client only); 404 when none', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/appointments/cerrar-cliente', escort, pairOf(client, escort))).statusCode,
    ).toBe(403);
    const res = await call(t.app, 'POST', '/appointments/cerrar-cliente', client, pairOf(client, escort));
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toBe('✅ Solicitud cancelada correctamente.');
    expect(
      (await call(t.app, 'POST', '/appointments/cerrar-cliente', client, pairOf(client, escort))).statusCode,
    ).toBe(404);
    // A new request is possible again.
    expect(
      (await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort))).statusCode,
    ).toBe(201);
  });

  // Decision 0069: closing ends the conversation but no longer takes away the client's comment and rating.
  it('either side closes: an accepted meeting keeps comment access; a pending one is rejected when the escort closes it', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const stranger = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    expect(
      (await call(t.app, 'PUT', '/conversacion-cliente/cerrar', stranger, pairOf(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', '/conversacion-cliente/cerrar', escort, pairOf(client, escort))).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', `/appointments/verificar-acceso?${pairQuery(client, escort)}`, client)
      ).json(),
    ).toEqual({ acceso: true });
    expect(
      (await call(t.app, 'POST', '/appointments/cerrar', client, pairOf(client, escort))).statusCode,
    ).toBe(404);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    expect(
      (await call(t.app, 'POST', '/appointments/cerrar', escort, pairOf(client, escort))).statusCode,
    ).toBe(200);
    const rows = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['cerrada', 'rechazada']);
  });

  it('desactivar-click turns the dislike flag off (client only)', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    expect(
      (await call(t.app, 'PUT', '/appointments/desactivar-click', escort, pairOf(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', '/appointments/desactivar-click', client, pairOf(client, escort))).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/appointments/click-activo?${pairQuery(client, escort)}`, client)).json(),
    ).toEqual({ click: false });
  });
});

describe('after the meeting', () => {
  it('aceptados/{nickname} lists accepted clients until rated or dismissed (Ignorar = cerrar-usuario)', async () => {
    const client = await approvedClient(t.app);
    const client2 = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await meet(t.app, client, escort);
    await meet(t.app, client2, escort);
    const list = await call(t.app, 'GET', `/conversacion-cliente/aceptados/${escort.nickname}`, escort);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .clientes.map((c: { nickname_cliente: string }) => c.nickname_cliente)
        .sort(),
    ).toEqual([client.nickname, client2.nickname].sort());
    expect(
      (await call(t.app, 'GET', `/conversacion-cliente/aceptados/${escort.nickname}`, client)).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', '/conversacion-cliente/cerrar-usuario', client, pairOf(client, escort)))
        .statusCode,
    ).toBe(403);
    const dismiss = await call(
      t.app,
      'POST',
      '/conversacion-cliente/cerrar-usuario',
      escort,
      pairOf(client, escort),
    );
    expect(dismiss.statusCode).toBe(200);
    const after = await call(t.app, 'GET', `/conversacion-cliente/aceptados/${escort.nickname}`, escort);
    expect(after.json().clientes.map((c: { nickname_cliente: string }) => c.nickname_cliente)).toEqual([
      client2.nickname,
    ]);
    expect(
      (await call(t.app, 'POST', '/conversacion-cliente/cerrar-usuario', escort, pairOf(client, escort)))
        .statusCode,
    ).toBe(404);
  });

  it('evaluar and marcar-evaluado mark the caller side; 404 without an accepted meeting', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    expect(
      (await call(t.app, 'PUT', '/conversacion-cliente/evaluar', escort, pairOf(client, escort))).statusCode,
    ).toBe(404);
    await meet(t.app, client, escort);
    expect(
      (await call(t.app, 'PUT', '/conversacion-cliente/evaluar', client, pairOf(client, escort))).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', '/conversacion-cliente/evaluar', escort, pairOf(client, escort))).statusCode,
    ).toBe(200);
    let [row] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    expect(row).toMatchObject({ evaluadoEscort: true, evaluadoCliente: false, status: 'aceptada' });
    expect(
      (await call(t.app, 'PUT', '/appointments/marcar-evaluado', client, pairOf(client, escort))).statusCode,
    ).toBe(200);
    [row] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    // Decision 0069: marking a side evaluated closes nothing.
    expect(row).toMatchObject({ evaluadoCliente: true, status: 'aceptada', acceso: true });
    // Marking again is a no-op.
    expect(
      (await call(t.app, 'PUT', '/appointments/marcar-evaluado', client, pairOf(client, escort))).statusCode,
    ).toBe(200);
  });

  it('conversacion-cliente/crear confirms an open meeting and is 404 without one', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    expect(
      (await call(t.app, 'POST', '/conversacion-cliente/crear', escort, pairOf(client, escort))).statusCode,
    ).toBe(404);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    const res = await call(t.app, 'POST', '/conversacion-cliente/crear', escort, pairOf(client, escort));
    expect(res.statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/conversacion-cliente/crear', client, pairOf(client, escort))).statusCode,
    ).toBe(403);
  });

  it('perfil/{nickname}: the client card for escorts with a meeting, admins; others are refused', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const stranger = await approvedEscort(t.app);
    const admin = await createAccount(t.app, { kind: 'admin' });
    await call(t.app, 'POST', '/appointments/solicitar', client, requestOf(client, escort));
    const card = await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, escort);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({
      nickname: client.nickname,
      genero: 'Masculino',
      puedeCalificar: false,
      conocido: false,
    });
    // Safety alerts and the attendance record ride along (decisions 0171, 0174): counts, never a list.
    expect(Object.keys(card.json()).sort()).toEqual([
      'alertas',
      'ausencias',
      'citas_concretadas',
      'conocido',
      'genero',
      'nickname',
      'puedeCalificar',
      'url',
    ]);
    await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    const perfil = async () =>
      (await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, escort)).json();
    // Known once accepted; she rates him from the meeting's time on (decision 0157).
    expect(await perfil()).toMatchObject({ puedeCalificar: false, conocido: true });
    const [accepted] = await t.app.db.select().from(meetings).where(eq(meetings.clientId, client.id));
    await startMeeting(t.app, accepted!.id);
    expect(await perfil()).toMatchObject({ puedeCalificar: true, conocido: true });
    const refused = await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().mensaje).toBe('Error: No se encontró la información del cliente.');
    expect((await call(t.app, 'GET', `/conversacion-cliente/perfil/noexiste9`, escort)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, client)).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, admin)).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/conversacion-cliente/perfil/${client.nickname}`, null)).statusCode,
    ).toBe(401);
  });
});
