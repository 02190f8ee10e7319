import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayInChile } from '@encanto/core/chile-time';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { clientRejectionReasons, escortRejectionReasons, joinReasons } from '@encanto/core/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bearer, createAccount } from '../helpers/fixtures.ts';
import { accounts } from '../../src/db/schema/index.ts';
import type { OutgoingMail } from '../../src/infra/mail/transport.ts';
import { uploadDocument } from './validation-helpers.ts';

/**
 * The admin's review (decisions 0074 and 0075). A rejection carries the preset reasons and the
 * admin's own words, which the person then reads; the queues show the birth date
 * and age; an under-18 birth date cannot be authorised.
 */
let t: TestApp;
const sent: OutgoingMail[] = [];
beforeAll(async () => {
  t = await createTestApp({
    services: { mailTransport: { send: async (m) => void sent.push(m), close: () => {} } },
  });
});
afterAll(async () => {
  await t.close();
});

const kinds = [
  {
    kind: 'client' as const,
    prefix: 'cliente',
    reject: 'informa-rechazar-cliente',
    reasons: clientRejectionReasons,
  },
  {
    kind: 'escort' as const,
    prefix: 'usuario',
    reject: 'informar-rechazo-escort',
    reasons: escortRejectionReasons,
  },
];

/** A birth date that makes the person `years` old today in Chile (turning that age today). */
function bornYearsAgo(years: number): string {
  const [y, m, d] = todayInChile(new Date()).split('-');
  // 29 February of a non-leap year would not be a date: take the 28th.
  const day = m === '02' && d === '29' ? '28' : d;
  return `${String(Number(y) - years).padStart(4, '0')}-${m}-${day}`;
}

describe.each(kinds)('rejection with free text for $prefix', (k) => {
  it('stores "reasons. detail", answers it, mails it, audits it and shows it to the person as their notice', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    await uploadDocument(t, pending);
    const motivo = joinReasons([k.reasons[0], k.reasons[1]]);
    await t.app.background.mail.drain();
    sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${k.prefix}/${k.reject}/${pending.rut}`,
      // Line breaks and runs of spaces collapse; the trailing full stop gives way to the notice's own.
      payload: { motivo, detalle: '  El RUT de la foto\n no  coincide con el registrado.  ' },
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const stored = `${motivo}. El RUT de la foto no coincide con el registrado`;
    expect(res.json()).toEqual({ mensaje: stored });
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, pending.id));
    expect(row).toMatchObject({ motivo: stored, autorizado: 'pendiente' });
    await t.app.background.mail.drain();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`Motivo de rechazo: ${stored}. Estado de autorización: pendiente`);

    const audit = (
      await t.app.inject({ url: '/api/admin/auditoria?limite=1', headers: bearer(admin) })
    ).json();
    expect(audit[0]).toMatchObject({ accion: 'rechazado', cuenta: pending.nickname, motivos: stored });

    // The person reads the reason from their own notice (what /PendienteValidacion and the upload page show).
    const notice =
      k.kind === 'client'
        ? `/api/cliente/alerta-pendiente/${encodeURIComponent(pending.rut)}`
        : `/api/escort-alerta-pendiente/${pending.nickname}`;
    const body = (await t.app.inject({ url: notice, headers: bearer(pending) })).json();
    expect(body[k.kind === 'client' ? 'clientes' : 'usuario']).toEqual([
      { nickname: pending.nickname, motivo: stored, autorizado: 'pendiente' },
    ]);
    // The queue shows the last rejection beside the account.
    const queue = (await t.app.inject({ url: `/api/${k.prefix}/pendientes`, headers: bearer(admin) })).json();
    expect(queue.find((r: { nickname: string }) => r.nickname === pending.nickname).motivo).toBe(stored);
  });

  it('without free text the reason is the spec’s joined reasons alone; an empty detalle is the same', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    const url = `/api/${k.prefix}/${k.reject}/${pending.rut}`;
    for (const payload of [{ motivo: k.reasons[2] }, { motivo: k.reasons[2], detalle: '   ' }]) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.json().mensaje).toBe(k.reasons[2]);
    }
  });

  it('refuses free text over the limit or of another type, and free text without a preset reason, in Spanish', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const pending = await createAccount(t.app, { kind: k.kind });
    const url = `/api/${k.prefix}/${k.reject}/${pending.rut}`;
    const cases = [
      {
        payload: { motivo: k.reasons[0], detalle: 'a'.repeat(limits.rejectionDetailMax + 1) },
        mensaje: msg.rejectionDetailTooLong,
      },
      { payload: { motivo: k.reasons[0], detalle: 42 }, mensaje: msg.invalidInput },
      // The spec's rule stands: at least one preset reason; free text adds to it.
      { payload: { detalle: 'Solo texto libre' }, mensaje: msg.selectReason },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload: c.payload, headers: bearer(admin) });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(c.mensaje);
    }
    expect(msg.rejectionDetailTooLong).toBe('El detalle del rechazo puede tener como máximo 300 caracteres.');
    // Exactly at the limit is accepted.
    const atLimit = await t.app.inject({
      method: 'POST',
      url,
      payload: { motivo: k.reasons[0], detalle: 'b'.repeat(limits.rejectionDetailMax) },
      headers: bearer(admin),
    });
    expect(atLimit.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, pending.id));
    expect(row!.motivo).toBe(`${k.reasons[0]}. ${'b'.repeat(limits.rejectionDetailMax)}`);
  });
});

describe.each(kinds)('age in the $prefix queue and the minor guard', (k) => {
  it('the queue gives birth date and age; an under-18 birth date shows as such and cannot be authorised', async () => {
    const admin = await createAccount(t.app, { kind: 'admin' });
    const adult = await createAccount(t.app, { kind: k.kind, fechaNac: bornYearsAgo(18) });
    const minor = await createAccount(t.app, { kind: k.kind, fechaNac: bornYearsAgo(17) });
    await uploadDocument(t, adult);
    await uploadDocument(t, minor);

    const queue = (await t.app.inject({ url: `/api/${k.prefix}/pendientes`, headers: bearer(admin) })).json();
    const row = (nick: string) => queue.find((r: { nickname: string }) => r.nickname === nick);
    // Eighteen today counts as eighteen.
    expect(row(adult.nickname)).toMatchObject({ fecha_nac: bornYearsAgo(18), edad: 18 });
    expect(row(minor.nickname)).toMatchObject({ fecha_nac: bornYearsAgo(17), edad: 17 });

    await t.app.background.mail.drain();
    sent.length = 0;
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/${k.prefix}/autorizar/${minor.rut}`,
      headers: bearer(admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ mensaje: msg.minorCannotBeAuthorized, code: 'UNDER_AGE' });
    const [still] = await t.app.db.select().from(accounts).where(eq(accounts.id, minor.id));
    expect(still!.autorizado).toBe('pendiente');
    await t.app.background.mail.drain();
    expect(sent).toHaveLength(0);
    const audit = (
      await t.app.inject({ url: '/api/admin/auditoria?limite=20', headers: bearer(admin) })
    ).json();
    expect(audit.some((a: { cuenta: string }) => a.cuenta === minor.nickname)).toBe(false);

    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/${k.prefix}/autorizar/${adult.rut}`,
      headers: bearer(admin),
    });
    expect(ok.statusCode).toBe(200);
  });
});
