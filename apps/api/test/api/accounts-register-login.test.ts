import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@encanto/core/messages';
import { defaultAvatars } from '@encanto/core/constants';
import { accounts, escortProfiles, sessions } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';
import { completeLogin } from '../helpers/two-factor.ts';
import { clientPayload, escortPayload, minorBirthDate, nick, validRut } from './accounts-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('client registration', () => {
  it('creates a pending client with apellido = nickname, default avatar and a hashed password', async () => {
    const body = clientPayload({
      email: 'Mixed.Case@Correo.CL',
      url: 'https://evil.example/x.png',
      apellido: 'otro',
    });
    const res = await post('/api/cliente/registro', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      mensaje: msg.clientRegistered,
      cliente: { nickname: body.nickname, apellido: body.nickname, autorizado: 'pendiente' },
    });
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.nickname, body.nickname));
    expect(row).toMatchObject({
      kind: 'client',
      apellido: body.nickname,
      url: defaultAvatars.Masculino,
      emailNorm: 'mixed.case@correo.cl',
      email: 'Mixed.Case@Correo.CL',
      tipoPerfil: 'cliente',
      autorizado: 'pendiente',
      ciudad: 'Ñuñoa',
    });
    expect(row!.passHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.json())).not.toContain('pass');
  });

  it('signs the new client in: the answer carries a working session, as a login would', async () => {
    const body = clientPayload();
    const res = await post('/api/cliente/registro', body);
    expect(res.statusCode).toBe(201);
    const sesion = res.json().sesion as { token: string };
    expect(res.json().sesion).toMatchObject({
      nickname: body.nickname,
      rut_cliente: body.rut_cliente,
      autorizado: 'pendiente',
      email: body.email,
    });
    const me = await t.app.inject({
      url: `/api/cliente/profile/${encodeURIComponent(body.rut_cliente)}`,
      headers: { authorization: `Bearer ${sesion.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('accepts a passport as ID and keeps passports apart', async () => {
    const a = await post('/api/cliente/registro', clientPayload({ rut_cliente: 'AB1234567' }));
    const b = await post('/api/cliente/registro', clientPayload({ rut_cliente: 'CD1234567' }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['short RUT', { rut_cliente: '1234567' }, msg.rut],
    ['RUT with spaces', { rut_cliente: '12 345 678' }, msg.rut],
    ['RUT with a wrong check digit', { rut_cliente: '12.345.678-9' }, msg.rutFormat],
    ['a word as ID', { rut_cliente: 'estefania' }, msg.rutFormat],
    ['a passport with symbols', { rut_cliente: 'AB-123/456' }, msg.rutFormat],
    ['short name', { nombre: 'Ana Soto' }, msg.fullName],
    ['nickname with symbols', { nickname: 'ana_99' }, msg.nickname],
    ['nickname too short', { nickname: 'abc' }, msg.nicknameTooShort],
    ['nickname too long', { nickname: 'abcdefghijk' }, msg.nicknameTooLong],
    ['uppercase nickname', { nickname: 'AnaSoto' }, msg.nicknameUppercase],
    ['nickname with an accent', { nickname: 'ángela' }, msg.nicknameAccents],
    ['bad e-mail', { email: 'ana@correo' }, msg.email],
    ['e-mail with spaces', { email: 'ana @correo.cl' }, msg.email],
    ['phone of 8 digits', { fono: '98765432' }, msg.phone],
    ['phone with spaces', { fono: '98765 432' }, msg.phone],
    ['minor', { fecha_nac: minorBirthDate() }, msg.underage],
    ['empty name', { nombre: '' }, msg.fullNameRequired],
    ['missing city', { ciudad: undefined }, msg.cityRequired],
    ['unknown city', { ciudad: 'Gotham' }, msg.cityRequired],
    ['missing gender', { genero: undefined }, msg.genderRequired],
    ['empty password', { pass: '' }, msg.passwordRequired],
  ];
  for (const [name, override, message] of cases) {
    it(`refuses ${name} with 400 '${message}'`, async () => {
      const res = await post('/api/cliente/registro', clientPayload(override));
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(message);
    });
  }

  it('accepts the latest adult birth date', async () => {
    const { latestAdultBirthDate } = await import('@encanto/core/age');
    const res = await post(
      '/api/cliente/registro',
      clientPayload({ fecha_nac: latestAdultBirthDate(t.app.services.clock.now()) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('a malformed body is 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cliente/registro',
      headers: { 'content-type': 'application/json' },
      payload: '{"rut_cliente":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().mensaje).toBe('string');
  });

  it('refuses a duplicate RUT, nickname or e-mail across both populations with 409', async () => {
    const first = clientPayload();
    expect((await post('/api/cliente/registro', first)).statusCode).toBe(201);
    for (const dup of [
      clientPayload({ rut_cliente: first.rut_cliente }),
      clientPayload({ nickname: first.nickname }),
      clientPayload({ email: first.email.toUpperCase() }),
      escortPayload({ nickname: first.nickname }),
    ]) {
      const url = 'rut_usuario' in dup ? '/api/usuario/registro' : '/api/cliente/registro';
      const res = await post(url, dup);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ mensaje: msg.duplicate, code: 'DUPLICATE' });
    }
  });

  it('two simultaneous registrations of one nickname give one account and one 409', async () => {
    const nickname = nick('dup');
    const results = await Promise.all([
      post('/api/cliente/registro', clientPayload({ nickname })),
      post('/api/usuario/registro', escortPayload({ nickname })),
      post('/api/cliente/registro', clientPayload({ nickname })),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const rows = await t.app.db.select().from(accounts).where(eq(accounts.nickname, nickname));
    expect(rows).toHaveLength(1);
  });
});

describe('escort registration', () => {
  it('creates a pending escort with its profile row, not listed', async () => {
    const body = escortPayload({ ciudad: 'San Jose de Maipo', genero: 'Transexual' });
    const res = await post('/api/usuario/registro', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      mensaje: msg.registrationOk,
      sesion: { nickname: body.nickname, autorizado: 'pendiente', tipo_perfil: 'usuario' },
    });
    const { token } = res.json().sesion as { token: string };
    const me = await t.app.inject({
      url: `/api/usuario/profile/${encodeURIComponent(res.json().sesion.rut_usuario as string)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.nickname, body.nickname));
    expect(row).toMatchObject({
      kind: 'escort',
      tipoPerfil: 'usuario',
      url: defaultAvatars.Transexual,
      ciudad: 'San José de Maipo',
      apellido: body.nickname,
    });
    const [profile] = await t.app.db
      .select()
      .from(escortProfiles)
      .where(eq(escortProfiles.accountId, row!.id));
    expect(profile).toMatchObject({
      cityKey: 'san-jose-de-maipo',
      listed: false,
      public: false,
      estado: 'disponible',
    });
  });

  it('a migrant escort registers with her passport number, unique across both kinds (decision 0145)', async () => {
    const passport = `AB${Date.now().toString().slice(-7)}`;
    const res = await post('/api/usuario/registro', escortPayload({ rut_usuario: passport }));
    expect(res.statusCode).toBe(201);
    const { token, rut_usuario } = res.json().sesion as { token: string; rut_usuario: string };
    expect(rut_usuario).toBe(passport);
    const me = await t.app.inject({
      url: `/api/usuario/profile/${passport}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    // The same passport, written in lower case, is taken for a client too.
    const again = await post('/api/cliente/registro', clientPayload({ rut_cliente: passport.toLowerCase() }));
    expect(again.statusCode).toBe(409);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['neither a RUT nor a passport', { rut_usuario: 'AB-123/456' }, msg.rutFormat],
    ['a RUT with a wrong check digit', { rut_usuario: '12.345.678-9' }, msg.rutFormat],
    ['a short password', { pass: 'ab12' }, msg.escortPasswordLength],
    ['a password without digits', { pass: 'abcdefg' }, msg.escortPasswordMix],
    ['an empty nickname', { nickname: '' }, msg.nicknameRequired],
    ['an empty e-mail', { email: '' }, msg.emailRequired],
    ['an empty phone', { fono: '' }, msg.phoneRequired],
    ['a phone of 10 digits', { fono: '9123456789' }, msg.phoneEscort],
    ['an empty name', { nombre: '' }, msg.fullNameRequired],
    ['a minor', { fecha_nac: minorBirthDate() }, msg.underage],
  ];
  for (const [name, override, message] of cases) {
    it(`refuses ${name} with 400 '${message}'`, async () => {
      const res = await post('/api/usuario/registro', escortPayload(override));
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(message);
    });
  }
});

describe('login', () => {
  it('client login returns every field the spec lists and opens a session', async () => {
    const body = clientPayload();
    await post('/api/cliente/registro', body);
    const res = await post('/api/cliente/login', { email: ` ${body.email.toUpperCase()}`, pass: body.pass });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual(['autorizado', 'email', 'nickname', 'rut_cliente', 'token']);
    expect(data).toMatchObject({
      nickname: body.nickname,
      rut_cliente: body.rut_cliente,
      autorizado: 'pendiente',
      email: body.email,
    });
    const profile = await t.app.inject({
      url: `/api/cliente/profile/${encodeURIComponent(body.rut_cliente)}`,
      headers: bearer(data),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toHaveLength(1);
    expect(profile.json()[0]).toMatchObject({ nickname: body.nickname, fono: body.fono, ciudad: 'Ñuñoa' });
    expect(profile.json()[0]).not.toHaveProperty('pass');
  });

  it('client login: unknown e-mail is EMAIL_NOT_FOUND, wrong password is 401', async () => {
    const unknown = await post('/api/cliente/login', { email: 'nadie@correo.cl', pass: 'x1234567' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ mensaje: msg.emailNotFound, code: 'EMAIL_NOT_FOUND' });
    const client = await createAccount(t.app, { kind: 'client' });
    const wrong = await post('/api/cliente/login', { email: client.email, pass: 'incorrecta1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().mensaje).toBe(msg.badCredentials);
  });

  it('the e-mail decides the account: either login route signs each kind in to her own account', async () => {
    const escort = await createAccount(t.app, { kind: 'escort' });
    const client = await createAccount(t.app, { kind: 'client' });
    const asEscort = await post('/api/cliente/login', { email: escort.email, pass: escort.password });
    expect(asEscort.statusCode).toBe(200);
    expect(asEscort.json()).toMatchObject({ nickname: escort.nickname, rut_usuario: escort.rut });
    expect(asEscort.json()).not.toHaveProperty('rut_cliente');
    const asClient = await post('/api/usuario/login', { email: client.email, pass: client.password });
    expect(asClient.statusCode).toBe(200);
    expect(asClient.json()).toMatchObject({ nickname: client.nickname, rut_cliente: client.rut });
    expect(asClient.json()).not.toHaveProperty('rut_usuario');
    // A wrong password is told in the spec's words on either route, whichever the account's kind.
    for (const url of ['/api/cliente/login', '/api/usuario/login']) {
      const wrong = await post(url, { email: escort.email, pass: 'incorrecta1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ mensaje: msg.badCredentials, code: 'BAD_CREDENTIALS' });
    }
    // An unknown e-mail on the escort route is the spec's wrong credentials (only the client screen names it).
    const unknownOnEscort = await post('/api/usuario/login', { email: 'nadie@correo.cl', pass: 'x1234567' });
    expect(unknownOnEscort.json().code).toBe('BAD_CREDENTIALS');
  });

  it('escort login returns token, nickname, rut_usuario, autorizado, email, tipo_perfil', async () => {
    const body = escortPayload();
    await post('/api/usuario/registro', body);
    const res = await post('/api/usuario/login', { email: body.email, pass: body.pass });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual([
      'autorizado',
      'email',
      'nickname',
      'rut_usuario',
      'tipo_perfil',
      'token',
    ]);
    expect(data).toMatchObject({
      rut_usuario: body.rut_usuario,
      tipo_perfil: 'usuario',
      autorizado: 'pendiente',
    });
    const profile = await t.app.inject({
      url: `/api/usuario/profile/${encodeURIComponent(body.rut_usuario)}`,
      headers: bearer(data),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      nickname: body.nickname,
      estado: 'disponible',
      medidas: '',
      tipo_perfil: 'usuario',
    });
    const wrong = await post('/api/usuario/login', { email: body.email, pass: 'otra1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().mensaje).toBe(msg.badCredentials);
  });

  it('admin login answers tipo_perfil admin; non-admins are refused', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const res = await post('/api/usuario/login-admin', { email: admin.email, pass: admin.password });
    expect(res.statusCode).toBe(200);
    // An admin without a second factor enrols one before the login finishes (decision 0080).
    expect(res.json()).toMatchObject({ segundo_factor: 'inscribir' });
    expect(await completeLogin(t.app, res.json())).toMatchObject({
      tipo_perfil: 'admin',
      nickname: admin.nickname,
      autorizado: 'aprobado',
    });
    const escort = await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' });
    const refused = await post('/api/usuario/login-admin', { email: escort.email, pass: escort.password });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().mensaje).toBe(msg.adminBadCredentials);
  });

  it('an empty login body is 400 with the spec message', async () => {
    const res = await post('/api/usuario/login', { email: '', pass: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(msg.completeAllFields);
  });
});

describe('sessions and own data', () => {
  it('logout revokes the bearer token', async () => {
    const client = await createAccount(t.app, { kind: 'client' });
    const url = `/api/cliente/profile/${encodeURIComponent(client.rut)}`;
    expect((await t.app.inject({ url, headers: bearer(client) })).statusCode).toBe(200);
    const out = await post('/api/logout', {}, bearer(client));
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url, headers: bearer(client) });
    expect(after.statusCode).toBe(401);
    expect(after.json().mensaje).toBe(msg.sessionRequired);
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.accountId, client.id));
    expect(rows).toHaveLength(0);
  });

  it('profiles: 401 without session, 403 for someone else, admins may read', async () => {
    const a = await createAccount(t.app, { kind: 'client' });
    const b = await createAccount(t.app, { kind: 'client' });
    const e = await createAccount(t.app, { kind: 'escort' });
    const admin = await createAccount(t.app, { kind: 'admin' });
    const url = `/api/cliente/profile/${encodeURIComponent(a.rut)}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(b) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(e) })).statusCode).toBe(403);
    const byAdmin = await t.app.inject({ url, headers: bearer(admin) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()[0].nickname).toBe(a.nickname);
    const escortUrl = `/api/usuario/profile/${encodeURIComponent(e.rut)}`;
    expect((await t.app.inject({ url: escortUrl, headers: bearer(a) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: escortUrl, headers: bearer(e) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: escortUrl, headers: bearer(admin) })).json().nickname).toBe(e.nickname);
  });

  it('cliente/nickname shows a client card to signed-in users only, without private fields', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const e = await createAccount(t.app, { kind: 'escort' });
    expect((await t.app.inject({ url: `/api/cliente/nickname/${c.nickname}` })).statusCode).toBe(401);
    const res = await t.app.inject({ url: `/api/cliente/nickname/${c.nickname}`, headers: bearer(e) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['apellido', 'ciudad', 'genero', 'nickname', 'url']);
    const missing = await t.app.inject({ url: '/api/cliente/nickname/noexiste1', headers: bearer(e) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().mensaje).toBe(msg.clientCardMissing);
  });
});

describe('availability checks', () => {
  it('per-field checks: 200 when taken (either population), 404 when free', async () => {
    const e = await createAccount(t.app, { kind: 'escort' });
    const c = await createAccount(t.app, { kind: 'client' });
    const taken = [
      `/api/cliente/validar/rut/${encodeURIComponent(e.rut)}`,
      `/api/cliente/validar/nickname/${e.nickname}`,
      `/api/cliente/validar/email/${encodeURIComponent(e.email.toUpperCase())}`,
      `/api/usuario/validar/rut/${encodeURIComponent(c.rut.replace(/\./g, ''))}`,
      `/api/usuario/validar/nickname/${c.nickname.toUpperCase()}`,
      `/api/usuario/validar/email?email=${encodeURIComponent(c.email)}`,
    ];
    for (const url of taken) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ existe: true });
    }
    const free = [
      `/api/cliente/validar/rut/${encodeURIComponent(validRut())}`,
      `/api/cliente/validar/nickname/${nick('free')}`,
      `/api/cliente/validar/email/libre%40correo.cl`,
      `/api/usuario/validar/rut/${encodeURIComponent(validRut())}`,
      `/api/usuario/validar/nickname/${nick('free')}`,
      `/api/usuario/validar/email?email=libre%40correo.cl`,
    ];
    for (const url of free) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().existe).toBe(false);
    }
  });

  it('combined checks return existe', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    expect((await t.app.inject(`/api/cliente/validar?nickname=${c.nickname}&email=x%40y.cl`)).json()).toEqual(
      { existe: true },
    );
    expect(
      (await t.app.inject(`/api/usuario/validar?rut_usuario=${encodeURIComponent(c.rut)}`)).json(),
    ).toEqual({ existe: true });
    expect(
      (await t.app.inject(`/api/usuario/validar?nickname=${nick('z')}&email=nadie%40y.cl`)).json(),
    ).toEqual({ existe: false });
    expect((await t.app.inject('/api/cliente/validar')).json()).toEqual({ existe: false });
  });

  it('buscar searches clients only', async () => {
    const c = await createAccount(t.app, { kind: 'client' });
    const e = await createAccount(t.app, { kind: 'escort' });
    expect(
      (await t.app.inject(`/api/cliente/buscar/email?BuscaEmail=${encodeURIComponent(c.email)}`)).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject(`/api/cliente/buscar/email?BuscaEmail=${encodeURIComponent(e.email)}`)).statusCode,
    ).toBe(404);
    expect((await t.app.inject(`/api/cliente/buscar/nickname?BuscaNickname=${c.nickname}`)).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject(`/api/cliente/buscar/rut_cliente?BuscaRut=${encodeURIComponent(c.rut)}`))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject('/api/cliente/buscar/email')).statusCode).toBe(400);
  });
});
