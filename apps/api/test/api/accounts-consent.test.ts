import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentText, consentVersions } from '@encanto/core/consent';
import { msg } from '@encanto/core/messages';
import { accounts, consents } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clientPayload, escortPayload } from './accounts-helpers.ts';

/** Ley 21.719: both registrations require the two consents, stored with date and version, and exported. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'false' } });
});
afterAll(async () => {
  await t.close();
});

const kinds = [
  { name: 'client', url: '/api/cliente/registro', payload: clientPayload },
  { name: 'escort', url: '/api/usuario/registro', payload: escortPayload },
] as const;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

const accountCount = async (nickname: string) =>
  (await t.app.db.select().from(accounts).where(eq(accounts.nickname, nickname))).length;

describe.each(kinds)('$name registration consents', ({ url, payload }) => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ['without acepta_terminos', { acepta_terminos: undefined }, msg.consentTermsRequired],
    ['with acepta_terminos false', { acepta_terminos: false }, msg.consentTermsRequired],
    ['with acepta_terminos "true" as text', { acepta_terminos: 'true' }, msg.consentTermsRequired],
    ['without acepta_datos_sensibles', { acepta_datos_sensibles: undefined }, msg.consentSensitiveRequired],
    ['with acepta_datos_sensibles false', { acepta_datos_sensibles: false }, msg.consentSensitiveRequired],
    ['with acepta_datos_sensibles 1', { acepta_datos_sensibles: 1 }, msg.consentSensitiveRequired],
  ];
  for (const [label, override, mensaje] of refusals) {
    it(`400 ${label}, in Spanish, and no account is created`, async () => {
      const body = payload(override);
      const res = await post(url, JSON.parse(JSON.stringify(body)) as object);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ mensaje, code: 'VALIDATION' });
      expect(await accountCount(body.nickname)).toBe(0);
    });
  }

  it('stores both consents with the registration time and the current text version', async () => {
    const body = payload();
    const before = Date.now();
    const res = await post(url, body);
    expect(res.statusCode).toBe(201);
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.nickname, body.nickname));
    const rows = await t.app.db.select().from(consents).where(eq(consents.accountId, account!.id));
    expect(rows.map((r) => [r.kind, r.version]).sort()).toEqual([
      ['datos_sensibles', consentVersions.datos_sensibles],
      ['terminos', consentVersions.terminos],
    ]);
    for (const row of rows) {
      expect(row.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.acceptedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('puts the consents, with their words and version, in the holder’s data export', async () => {
    const body = payload();
    expect((await post(url, body)).statusCode).toBe(201);
    const login = await post(url.replace('registro', 'login'), { email: body.email, pass: body.pass });
    expect(login.statusCode).toBe(200);
    const res = await t.app.inject({
      url: '/api/cuenta/exportar',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(res.statusCode).toBe(200);
    const exported = (res.json() as { consentimientos: Record<string, string>[] }).consentimientos;
    expect(exported).toHaveLength(2);
    expect(exported).toEqual(
      expect.arrayContaining([
        {
          tipo: 'terminos',
          texto: consentText('terminos'),
          version: consentVersions.terminos,
          aceptado_el: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
        {
          tipo: 'datos_sensibles',
          texto: consentText('datos_sensibles'),
          version: consentVersions.datos_sensibles,
          aceptado_el: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]),
    );
    expect(consentText('datos_sensibles')).toContain('vida sexual');
  });
});

describe('consent rows go with the account', () => {
  it('deleting the account deletes its consents', async () => {
    const body = clientPayload();
    expect((await post('/api/cliente/registro', body)).statusCode).toBe(201);
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.nickname, body.nickname));
    await t.app.db.delete(accounts).where(eq(accounts.id, account!.id));
    expect(await t.app.db.select().from(consents).where(eq(consents.accountId, account!.id))).toEqual([]);
  });
});
