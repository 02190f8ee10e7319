import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { approvedClient, approvedEscort, call, pairOf, pairQuery } from './marketplace-helpers.ts';
import { chileTime, DAY, HOUR, myMeeting, requestBody, testClock } from './meetings-helpers.ts';

let t: TestApp;
const clock = testClock(new Date('2026-03-10T15:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
});
afterAll(async () => {
  await t.close();
});

const now = () => clock.now();

describe('a request carries a time, a duration, a place and a message', () => {
  it('stores the details and shows them to both sides in /api/citas/mias', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const at = chileTime(now(), 2 * DAY);
    const res = await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, at, { mensaje: '  Hola <b>tú</b>\r\nnos vemos  ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ mensaje: msg.requestSent, cita: expect.any(String) });
    const id = res.json().cita as string;
    const seen = await myMeeting(t.app, escort, id);
    expect(seen).toMatchObject({
      estado: 'pendiente',
      fecha_hora: new Date(at).toISOString(),
      duracion_min: 90,
      lugar: 'en_su_lugar',
      mensaje: 'Hola <b>tú</b>\nnos vemos',
      rol: 'escort',
      otra_parte: { nickname: client.nickname },
      propuesta: null,
      grupo: 'por_responder',
      acciones: ['aceptar', 'proponer', 'rechazar'],
    });
    const mine = await myMeeting(t.app, client, id);
    expect(mine).toMatchObject({ rol: 'client', grupo: 'proximas', acciones: ['cancelar'] });
    expect(mine.otra_parte).toMatchObject({ nickname: escort.nickname, nombre: escort.nickname });
  });

  it('every missing or bad detail is a 400 with the Spanish message from core', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const ok = requestBody(client, escort, chileTime(now(), DAY));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fecha_hora: undefined }, 'fecha_hora', msg.meetingTimeRequired],
      [{ fecha_hora: '2026-03-12 21:00' }, 'fecha_hora', msg.meetingTimeInvalid],
      [{ fecha_hora: '2026-03-12T21:00:00' }, 'fecha_hora', msg.meetingTimeInvalid],
      [{ fecha_hora: '2026-02-31T21:00:00-03:00' }, 'fecha_hora', msg.meetingTimeInvalid],
      [{ fecha_hora: chileTime(now(), 59 * 60_000) }, 'fecha_hora', msg.meetingTimeTooSoon],
      [{ fecha_hora: chileTime(now(), -DAY) }, 'fecha_hora', msg.meetingTimeTooSoon],
      [{ fecha_hora: chileTime(now(), 30 * DAY + HOUR) }, 'fecha_hora', msg.meetingTimeTooFar],
      [{ duracion_min: undefined }, 'duracion_min', msg.durationInvalid],
      [{ duracion_min: 30 }, 'duracion_min', msg.durationInvalid],
      [{ duracion_min: 750 }, 'duracion_min', msg.durationInvalid],
      [{ duracion_min: 75 }, 'duracion_min', msg.durationInvalid],
      [{ lugar: undefined }, 'lugar', msg.placeRequired],
      [{ lugar: 'motel' }, 'lugar', msg.placeRequired],
      [{ mensaje: 'x'.repeat(501) }, 'mensaje', msg.requestMessageTooLong],
      [{ mensaje: 'hola\u0007' }, 'mensaje', msg.textInvalidChars],
    ];
    for (const [change, field, text] of cases) {
      const res = await call(t.app, 'POST', '/appointments/solicitar', client, { ...ok, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().mensaje, JSON.stringify(change)).toBe(text);
      expect(res.json().fields[field]).toBe(text);
    }
    // The edges are allowed: one hour ahead, 30 days ahead, 60 and 720 minutes, no message.
    const edges: Record<string, unknown>[] = [
      { fecha_hora: chileTime(now(), HOUR + 60_000), duracion_min: 60, mensaje: undefined },
      { fecha_hora: chileTime(now(), 30 * DAY - 60_000), duracion_min: 720, lugar: 'a_domicilio' },
    ];
    for (const change of edges) {
      const res = await call(t.app, 'POST', '/appointments/solicitar', client, { ...ok, ...change });
      expect(res.statusCode, res.body).toBe(201);
      await call(t.app, 'POST', '/appointments/cerrar-cliente', client, pairOf(client, escort));
    }
    // reutilizar-estado takes the same details.
    const again = await call(
      t.app,
      'POST',
      '/appointments/reutilizar-estado',
      client,
      pairOf(client, escort),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().mensaje).toBe(msg.meetingTimeRequired);
  });
});

describe('the escort answers: accept, reject with a reason, or propose another time', () => {
  it('a rejection reason is shown to the client; without a pending request it is 404', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const res = await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(now(), DAY)),
    );
    const id = res.json().cita as string;
    const long = await call(t.app, 'POST', '/appointments/rechazar', escort, {
      ...pairOf(client, escort),
      motivo: 'x'.repeat(301),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().mensaje).toBe(msg.rejectReasonTooLong);
    const no = await call(t.app, 'POST', '/appointments/rechazar', escort, {
      ...pairOf(client, escort),
      motivo: 'Ese día no estoy en Santiago.',
    });
    expect(no.statusCode).toBe(200);
    expect(await myMeeting(t.app, client, id)).toMatchObject({
      estado: 'rechazada',
      motivo_rechazo: 'Ese día no estoy en Santiago.',
      grupo: 'pasadas',
      acciones: [],
    });
    // The spec's bodies without a reason still work.
    await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(now(), DAY)),
    );
    expect(
      (await call(t.app, 'PUT', '/conversacion/rechazar', escort, pairOf(client, escort))).statusCode,
    ).toBe(200);
  });

  it('proposal flow: the escort proposes, the client accepts the new time and the meeting is accepted at it', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const asked = chileTime(now(), DAY);
    const proposed = chileTime(now(), 2 * DAY + 3 * HOUR);
    const id = (
      await call(t.app, 'POST', '/appointments/solicitar', client, requestBody(client, escort, asked))
    ).json().cita as string;
    // Only the escort proposes, only with a valid time, only on a pending request.
    expect(
      (
        await call(t.app, 'POST', '/appointments/proponer', client, {
          ...pairOf(client, escort),
          fecha_hora: proposed,
        })
      ).statusCode,
    ).toBe(403);
    const soon = await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: chileTime(now(), 10 * 60_000),
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().mensaje).toBe(msg.meetingTimeTooSoon);
    // Nothing to accept before a proposal.
    const early = await call(
      t.app,
      'POST',
      '/appointments/aceptar-propuesta',
      client,
      pairOf(client, escort),
    );
    expect(early.statusCode).toBe(404);
    expect(early.json().mensaje).toBe(msg.proposalMissing);

    const prop = await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: proposed,
    });
    expect(prop.statusCode, prop.body).toBe(200);
    expect(prop.json()).toEqual({ mensaje: msg.proposalSent, cita: id });
    expect(await myMeeting(t.app, client, id)).toMatchObject({
      estado: 'pendiente',
      propuesta: { fecha_hora: new Date(proposed).toISOString() },
      grupo: 'por_responder',
      acciones: ['aceptar_propuesta', 'cancelar'],
    });
    expect(await myMeeting(t.app, escort, id)).toMatchObject({
      grupo: 'proximas',
      acciones: ['proponer', 'rechazar'],
    });
    const state = await call(t.app, 'GET', `/appointments/estado?${pairQuery(client, escort)}`, client);
    expect(state.json()).toMatchObject({ pendiente: true, propuesta: true, cita: id });

    // The escort's side cannot accept the client's answer for him.
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar-propuesta', escort, pairOf(client, escort)))
        .statusCode,
    ).toBe(403);
    const yes = await call(t.app, 'POST', '/appointments/aceptar-propuesta', client, pairOf(client, escort));
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toEqual({ mensaje: msg.proposalAccepted, cita: id });
    expect(await myMeeting(t.app, client, id)).toMatchObject({
      estado: 'aceptada',
      fecha_hora: new Date(proposed).toISOString(),
      propuesta: null,
      grupo: 'proximas',
      acciones: ['conversar'],
    });
    // Reviews open at the meeting's time (decision 0157), not at acceptance.
    expect(await myMeeting(t.app, escort, id)).toMatchObject({ acciones: ['conversar'] });
    const untilMeeting = new Date(proposed).getTime() - now().getTime();
    clock.advance(untilMeeting);
    expect(await myMeeting(t.app, client, id)).toMatchObject({
      acciones: ['conversar', 'comentar', 'calificar'],
    });
    expect(await myMeeting(t.app, escort, id)).toMatchObject({ acciones: ['conversar', 'calificar'] });
    clock.advance(-untilMeeting);
    expect(
      (await call(t.app, 'POST', '/appointments/aceptar-propuesta', client, pairOf(client, escort)))
        .statusCode,
    ).toBe(404);
  });

  it('the client may cancel instead; a proposal can be replaced; the escort may still accept the asked time', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const asked = chileTime(now(), DAY);
    await call(t.app, 'POST', '/appointments/solicitar', client, requestBody(client, escort, asked));
    await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: chileTime(now(), 3 * DAY),
    });
    expect(
      (await call(t.app, 'POST', '/appointments/cerrar-cliente', client, pairOf(client, escort))).statusCode,
    ).toBe(200);

    const id = (
      await call(t.app, 'POST', '/appointments/solicitar', client, requestBody(client, escort, asked))
    ).json().cita as string;
    await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: chileTime(now(), 3 * DAY),
    });
    const second = chileTime(now(), 4 * DAY);
    await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: second,
    });
    expect((await myMeeting(t.app, client, id)).propuesta).toEqual({
      fecha_hora: new Date(second).toISOString(),
    });
    const acc = await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
    expect(acc.statusCode).toBe(200);
    expect(await myMeeting(t.app, client, id)).toMatchObject({
      estado: 'aceptada',
      fecha_hora: new Date(asked).toISOString(),
      propuesta: null,
    });
  });

  it('a request whose time passed cannot be accepted, no longer blocks a new one, and shows as past', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const id = (
      await call(
        t.app,
        'POST',
        '/appointments/solicitar',
        client,
        requestBody(client, escort, chileTime(now(), 2 * HOUR)),
      )
    ).json().cita as string;
    clock.advance(3 * HOUR);
    try {
      const late = await call(t.app, 'POST', '/appointments/aceptar', escort, pairOf(client, escort));
      expect(late.statusCode).toBe(409);
      expect(late.json().mensaje).toBe(msg.requestExpired);
      expect(await myMeeting(t.app, escort, id)).toMatchObject({
        vencida: true,
        grupo: 'pasadas',
        acciones: ['proponer', 'rechazar'],
      });
      const fresh = await call(
        t.app,
        'POST',
        '/appointments/solicitar',
        client,
        requestBody(client, escort, chileTime(now(), DAY)),
      );
      expect(fresh.statusCode, fresh.body).toBe(201);
      expect((await myMeeting(t.app, client, id)).estado).toBe('cancelada');
    } finally {
      clock.advance(-3 * HOUR);
    }
  });
});

describe('GET /api/citas/mias and /api/citas/resumen', () => {
  it('401 anonymous, 403 admins; each side sees only its own meetings', async () => {
    const admin = await (await import('../helpers/fixtures.ts')).createAccount(t.app, { kind: 'admin' });
    expect((await call(t.app, 'GET', '/citas/mias', null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/citas/mias', admin)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/citas/resumen', admin)).statusCode).toBe(403);
    const client = await approvedClient(t.app);
    const stranger = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(now(), DAY)),
    );
    expect((await call(t.app, 'GET', '/citas/mias', stranger)).json().citas).toEqual([]);
    expect((await call(t.app, 'GET', '/citas/mias', client)).json().citas).toHaveLength(1);
  });

  it('the badge counts what waits for the caller: requests for her, proposals for him', async () => {
    const client = await approvedClient(t.app);
    const escort = await approvedEscort(t.app);
    const other = await approvedClient(t.app);
    const badge = async (who: typeof client) => (await call(t.app, 'GET', '/citas/resumen', who)).json();
    expect(await badge(escort)).toEqual({ por_responder: 0, no_leidos: 0, total: 0 });
    await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      client,
      requestBody(client, escort, chileTime(now(), DAY)),
    );
    await call(
      t.app,
      'POST',
      '/appointments/solicitar',
      other,
      requestBody(other, escort, chileTime(now(), DAY)),
    );
    expect(await badge(escort)).toEqual({ por_responder: 2, no_leidos: 0, total: 2 });
    expect(await badge(client)).toEqual({ por_responder: 0, no_leidos: 0, total: 0 });
    await call(t.app, 'POST', '/appointments/proponer', escort, {
      ...pairOf(client, escort),
      fecha_hora: chileTime(now(), 2 * DAY),
    });
    expect(await badge(escort)).toEqual({ por_responder: 1, no_leidos: 0, total: 1 });
    expect(await badge(client)).toEqual({ por_responder: 1, no_leidos: 0, total: 1 });
  });
});
