import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ageOn } from '@encanto/core/age';
import { todayInChile } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { clientRejectionReasons, escortRejectionReasons, joinReasons } from '@encanto/core/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount, type FixtureAccount } from '../helpers/fixtures.ts';
import { accounts, auditLog, escortProfiles } from '../../src/db/schema/index.ts';
import type { OutgoingMail } from '../../src/infra/mail/transport.ts';
import { uploadDocument as upload } from './validation-helpers.ts';

let t: TestApp;
const sent: OutgoingMail[] = [];
beforeAll(async () => {
  // Mail is captured in memory at the transport: what matters here is who gets which text.
  t = await createTestApp({
    services: { mailTransport: { send: async (m) => void sent.push(m), close: () => {} } },
  });
});
afterAll(async () => {
  await t.close();
});

const uploadDocument = (account: FixtureAccount) => upload(t, account);

const kinds = [
  {
    kind: 'client' as const,
    prefix: 'cliente',
    reject: 'informa-rechazar-cliente',
    inform: 'informa-autorizado-cliente',
    ok: msg.clientAuthorized,
    rut: 'rut_cliente',
  },
  {
    kind: 'escort' as const,
    prefix: 'usuario',
    reject: 'informar-rechazo-escort',
    inform: 'informa-autorizado-escort',
    ok: msg.escortAuthorized,
    rut: 'rut_usuario',
  },
];

describe.each(kinds)('admin calls for $prefix', (k) => {
  it('pendientes: admin only (401 without session, 403 for clients and escorts); lists pending with document and columns', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    const approved = await createAccount(t.app, { kind: k.kind, autorizado: 'aprobado' });
    const publicId = await uploadDocument(pending);
    const url = `/api/${k.prefix}/pendientes`;
    expect((await t.app.inject(url)).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(pending) })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          url,
          headers: bearer(await createAccount(t.app, { kind: 'client', autorizado: 'aprobado' })),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          url,
          headers: bearer(await createAccount(t.app, { kind: 'escort', autorizado: 'aprobado' })),
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ url, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    const row = rows.find((r) => r.nickname === pending.nickname);
    expect(row).toMatchObject({
      [k.rut]: pending.rut,
      nickname: pending.nickname,
      documento: publicId,
      motivo: null,
    });
    expect(row!.nombre).toContain(pending.nickname);
    if (k.kind === 'client') expect(row!.email).toBe(pending.email);
    // Both queues carry the birth date and today's age in Chile: the admin keeps minors out.
    expect(row!.fecha_nac).toBe('1995-05-05');
    expect(row!.edad).toBe(ageOn('1995-05-05', todayInChile(new Date())));
    expect(rows.some((r) => r.nickname === approved.nickname)).toBe(false);
    // Password hashes and other private columns never leave.
    expect(res.body).not.toContain('argon2');
  });

  it('rechazar: 400 without a reason, stores the joined reasons, stays pending, mails, audits; 401/403 for non-admins', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    await uploadDocument(pending);
    const url = `/api/${k.prefix}/${k.reject}/${pending.rut}`;
    for (const payload of [{}, { motivo: '' }, { motivo: '   ' }]) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe('Por favor, selecciona un motivo.');
    }
    const reasons = k.kind === 'client' ? clientRejectionReasons : escortRejectionReasons;
    const motivo = joinReasons([reasons[0], reasons[1]]);
    expect((await t.app.inject({ method: 'POST', url, payload: { motivo } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { motivo }, headers: bearer(pending) })).statusCode,
    ).toBe(403);
    await t.app.background.mail.drain();
    sent.length = 0;
    const res = await t.app.inject({ method: 'POST', url, payload: { motivo }, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, pending.id));
    expect(row!.autorizado).toBe('pendiente');
    expect(row!.motivo).toBe('Los datos no coinciden con la foto, La foto está mal tomada');
    await t.app.background.mail.drain();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(pending.email);
    expect(sent[0]!.text).toContain(`Motivo de rechazo: ${motivo}. Estado de autorización: pendiente`);
    expect(sent[0]!.text).toContain(
      k.kind === 'client' ? '/FotoParaValidarCliente' : '/FotoParaValidarUsuario',
    );

    const audit = (await t.app.inject({ url: '/api/admin/auditoria', headers: bearer(admin) })).json();
    expect(audit[0]).toMatchObject({
      admin: admin.nickname,
      cuenta: pending.nickname,
      accion: 'rechazado',
      motivos: motivo,
      tipo: k.prefix,
    });
    expect(new Date(audit[0].fecha).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/${k.prefix}/${k.reject}/99.999.999-9`,
          payload: { motivo },
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('autorizar: approves, sets the notice "Cuenta Autorizada", mails, audits; needs a document; twice is 409', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    const url = `/api/${k.prefix}/autorizar/${pending.rut}`;
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: bearer(pending) })).statusCode).toBe(403);
    const noDoc = await t.app.inject({ method: 'PUT', url, headers: bearer(admin) });
    expect(noDoc.statusCode).toBe(409);
    expect(noDoc.json().mensaje).toBe(msg.documentMissing);
    await uploadDocument(pending);
    await t.app.background.mail.drain();
    sent.length = 0;
    const res = await t.app.inject({ method: 'PUT', url, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: k.ok, autorizado: 'aprobado' });
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, pending.id));
    expect(row).toMatchObject({ autorizado: 'aprobado', motivo: 'Cuenta Autorizada' });
    expect(row!.approvedAt).toBeInstanceOf(Date);
    await t.app.background.mail.drain();
    expect(sent.map((m) => m.to)).toEqual([pending.email]);
    expect(sent[0]!.text).toContain('¡Tu cuenta fue aprobada!');
    expect(sent[0]!.text).not.toContain('Estado de autorización');
    const again = await t.app.inject({ method: 'PUT', url, headers: bearer(admin) });
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe(msg.accountAlreadyApproved);
    const audit = (
      await t.app.inject({ url: '/api/admin/auditoria?limite=5', headers: bearer(admin) })
    ).json();
    expect(audit.filter((a: { cuenta: string }) => a.cuenta === pending.nickname)).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      accion: 'aprobado',
      cuenta: pending.nickname,
      admin: admin.nickname,
      motivos: 'Cuenta Autorizada',
    });
    // A rejection after approval is refused rather than silently "un-approving".
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/${k.prefix}/${k.reject}/${pending.rut}`,
          payload: { motivo: 'x' },
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/${k.prefix}/autorizar/11.111.111-1`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('two admins approving at once record one decision', async () => {
    const a1 = await createAccount(t.app, { kind: 'admin' });
    const a2 = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    await uploadDocument(pending);
    const url = `/api/${k.prefix}/autorizar/${pending.rut}`;
    const results = await Promise.all(
      [a1, a2].map((a) => t.app.inject({ method: 'PUT', url, headers: bearer(a) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = (await t.app.inject({ url: '/api/admin/auditoria', headers: bearer(a1) })).json();
    expect(audit.filter((a: { cuenta: string }) => a.cuenta === pending.nickname)).toHaveLength(1);
  });

  it('informa-autorizado: admin only, approved accounts only, sets the notice and audits', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    const approved = await createAccount(t.app, { kind: k.kind, autorizado: 'aprobado' });
    const payload = { motivo: 'Cuenta Autorizada' };
    const url = (a: FixtureAccount) => `/api/${k.prefix}/${k.inform}/${a.rut}`;
    expect((await t.app.inject({ method: 'POST', url: url(approved), payload })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: url(approved), payload, headers: bearer(approved) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: url(approved), payload: {}, headers: bearer(admin) }))
        .statusCode,
    ).toBe(400);
    const notYet = await t.app.inject({ method: 'POST', url: url(pending), payload, headers: bearer(admin) });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().mensaje).toBe(msg.accountNotApproved);
    await t.app.background.mail.drain();
    sent.length = 0;
    expect(
      (await t.app.inject({ method: 'POST', url: url(approved), payload, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, approved.id));
    expect(row!.motivo).toBe('Cuenta Autorizada');
    await t.app.background.mail.drain();
    expect(sent).toHaveLength(1);
    const audit = (await t.app.inject({ url: '/api/admin/auditoria', headers: bearer(admin) })).json();
    expect(audit[0]).toMatchObject({ accion: 'aviso-aprobado', cuenta: approved.nickname });
  });

  it('autorizado: the account itself and admins; 401 without session, 403 for another account', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const me = await createAccount(t.app, { kind: k.kind });
    const other = await createAccount(t.app, { kind: k.kind });
    const url = `/api/${k.prefix}/autorizado/${me.rut}`;
    expect((await t.app.inject(url)).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(me) })).json()).toEqual({ autorizado: 'pendiente' });
    expect((await t.app.inject({ url, headers: bearer(admin) })).json()).toEqual({ autorizado: 'pendiente' });
    // The RUT matches however it is formatted.
    const bare = me.rut.replace(/\./g, '');
    expect(
      (await t.app.inject({ url: `/api/${k.prefix}/autorizado/${bare}`, headers: bearer(me) })).statusCode,
    ).toBe(200);
  });
});

describe('audit log', () => {
  it('is admin only and pages with antes', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const client = await createAccount(t.app, { kind: 'client' });
    // Entries of its own, so paging has something to page whether or not other tests decided anything.
    await t.app.db.insert(auditLog).values(
      ['aprobado', 'rechazado', 'aviso-aprobado', 'rechazado'].map((action) => ({
        adminId: admin.id,
        adminNickname: admin.nickname,
        accountId: client.id,
        accountNickname: client.nickname,
        action,
        reasons: 'prueba',
      })),
    );
    expect((await t.app.inject('/api/admin/auditoria')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/auditoria', headers: bearer(client) })).statusCode).toBe(
      403,
    );
    const all = (
      await t.app.inject({ url: '/api/admin/auditoria?limite=200', headers: bearer(admin) })
    ).json();
    expect(all.length).toBeGreaterThan(3);
    const page = (
      await t.app.inject({ url: `/api/admin/auditoria?limite=2&antes=${all[1].id}`, headers: bearer(admin) })
    ).json();
    expect(page.map((e: { id: number }) => e.id)).toEqual([all[2].id, all[3].id]);
    expect(
      (await t.app.inject({ url: '/api/admin/auditoria?limite=0', headers: bearer(admin) })).statusCode,
    ).toBe(400);
  });
});

describe('listings follow approval', () => {
  it('a pending escort is absent from /api/usuario/ciudad and /api/ultimos and present right after approval', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const escort = await createAccount(t.app, { kind: 'escort', ciudad: 'Valdivia' });
    await uploadDocument(escort);
    const nicks = async (url: string) =>
      ((await t.app.inject(url)).json() as { nickname: string }[]).map((e) => e.nickname);
    // Warm the public cache first: approval must clear it, not wait for it to expire.
    expect(await nicks('/api/usuario/ciudad/Valdivia')).not.toContain(escort.nickname);
    expect(await nicks('/api/ultimos')).not.toContain(escort.nickname);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/usuario/autorizar/${escort.rut}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    expect(await nicks('/api/usuario/ciudad/Valdivia')).toContain(escort.nickname);
    expect(await nicks('/api/ultimos')).toContain(escort.nickname);
    const [profile] = await t.app.db
      .select()
      .from(escortProfiles)
      .where(eq(escortProfiles.accountId, escort.id));
    expect(profile).toMatchObject({ listed: true, public: true });
  });

  it('a rejected escort stays out of listings', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const escort = await createAccount(t.app, { kind: 'escort', ciudad: 'Osorno' });
    await t.app.inject({
      method: 'POST',
      url: `/api/usuario/informar-rechazo-escort/${escort.rut}`,
      payload: { motivo: 'La foto está mal tomada' },
      headers: bearer(admin),
    });
    const list = (await t.app.inject('/api/usuario/ciudad/Osorno')).json() as { nickname: string }[];
    expect(list.map((e) => e.nickname)).not.toContain(escort.nickname);
  });
});

describe('notices for the account holder', () => {
  it('client: rejection notice while pending, cleared by a new upload; approval notice shown once', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const client = await createAccount(t.app, { kind: 'client' });
    const other = await createAccount(t.app, { kind: 'client' });
    const pendingUrl = `/api/cliente/alerta-pendiente/${client.rut}`;
    const approvedUrl = `/api/cliente/alerta-aprobado/${client.rut}`;
    expect((await t.app.inject(pendingUrl)).statusCode).toBe(401);
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(admin) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(client) })).json()).toEqual({
      clientes: [],
    });

    const publicId = await uploadDocument(client);
    const motivo = joinReasons([clientRejectionReasons[0], clientRejectionReasons[2]]);
    await t.app.inject({
      method: 'POST',
      url: `/api/cliente/informa-rechazar-cliente/${client.rut}`,
      payload: { motivo },
      headers: bearer(admin),
    });
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(client) })).json()).toEqual({
      clientes: [{ nickname: client.nickname, motivo, autorizado: 'pendiente' }],
    });
    expect((await t.app.inject({ url: approvedUrl, headers: bearer(client) })).json()).toEqual({
      clientes: [],
    });

    // Replacing the document answers the rejection: the notice goes away.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/eliminar-validacion-cliente/${client.nickname}/${publicId}`,
      headers: bearer(client),
    });
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(client) })).json().clientes).toHaveLength(
      1,
    );
    await uploadDocument(client);
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(client) })).json()).toEqual({
      clientes: [],
    });

    await t.app.inject({
      method: 'PUT',
      url: `/api/cliente/autorizar/${client.rut}`,
      headers: bearer(admin),
    });
    expect((await t.app.inject({ url: approvedUrl, headers: bearer(client) })).json()).toEqual({
      clientes: [{ nickname: client.nickname, motivo: 'Cuenta Autorizada', autorizado: 'aprobado' }],
    });
    const quitar = `/api/cliente/quitar-mensaje-cliente/${client.rut}`;
    expect((await t.app.inject({ method: 'POST', url: quitar })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: quitar, headers: bearer(other) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url: quitar, headers: bearer(client) })).statusCode).toBe(
      200,
    );
    // Shown once: after removal the approval notice is gone for good.
    expect((await t.app.inject({ url: approvedUrl, headers: bearer(client) })).json()).toEqual({
      clientes: [],
    });
  });

  it('escort: the same by nickname under the root paths', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const escort = await createAccount(t.app, { kind: 'escort' });
    const other = await createAccount(t.app, { kind: 'escort' });
    const client = await createAccount(t.app, { kind: 'client' });
    const pendingUrl = `/api/escort-alerta-pendiente/${escort.nickname}`;
    const approvedUrl = `/api/escort-alerta-aprobado/${escort.nickname}`;
    expect((await t.app.inject(pendingUrl)).statusCode).toBe(401);
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: approvedUrl, headers: bearer(client) })).statusCode).toBe(403);
    await uploadDocument(escort);
    const motivo = escortRejectionReasons[2];
    await t.app.inject({
      method: 'POST',
      url: `/api/usuario/informar-rechazo-escort/${escort.rut}`,
      payload: { motivo },
      headers: bearer(admin),
    });
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(escort) })).json()).toEqual({
      usuario: [{ nickname: escort.nickname, motivo, autorizado: 'pendiente' }],
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/usuario/autorizar/${escort.rut}`,
      headers: bearer(admin),
    });
    expect((await t.app.inject({ url: pendingUrl, headers: bearer(escort) })).json()).toEqual({
      usuario: [],
    });
    expect((await t.app.inject({ url: approvedUrl, headers: bearer(escort) })).json().usuario[0].motivo).toBe(
      'Cuenta Autorizada',
    );
    const quitar = `/api/quitar-mensaje-escort/${escort.nickname}`;
    expect((await t.app.inject({ method: 'POST', url: quitar })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: quitar, headers: bearer(other) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url: quitar, headers: bearer(escort) })).json()).toEqual({
      mensaje: msg.noticeCleared,
    });
    expect((await t.app.inject({ url: approvedUrl, headers: bearer(escort) })).json()).toEqual({
      usuario: [],
    });
  });
});

describe('API document', () => {
  it('lists every validation call in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/upload/subir-validacion-cliente/{nick}',
      '/api/upload/subir-validacion-escort/{nick}',
      '/api/upload/obtener-imagen-validacion-cliente/{nick}',
      '/api/upload/eliminar-validacion-escort/{a}/{b}',
      '/api/upload/documento/{publicId}',
      '/api/cliente/pendientes',
      '/api/usuario/autorizar/{id}',
      '/api/cliente/informa-rechazar-cliente/{id}',
      '/api/usuario/informar-rechazo-escort/{id}',
      '/api/escort-alerta-pendiente/{nickname}',
      '/api/quitar-mensaje-escort/{nickname}',
      '/api/admin/auditoria',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
