import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatRut, rutCheckDigit } from '@encanto/core/rut';
import { latestAdultBirthDate } from '@encanto/core/age';
import { randomBytes } from 'node:crypto';

let n = 0;
/** A unique nickname (4-10 lowercase letters and digits). */
export function nick(prefix = 'u'): string {
  return `${prefix}${randomBytes(3).toString('hex')}${n++ % 10}`.slice(0, 10);
}

export function validRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  return formatRut(body + rutCheckDigit(body));
}

export function clientPayload(overrides: Record<string, unknown> = {}) {
  const nickname = nick('c');
  return {
    rut_cliente: validRut(),
    nombre: 'Juan Pérez Soto',
    nickname,
    fecha_nac: '1990-04-12',
    email: `${nickname}@correo.cl`,
    pass: 'clave123',
    fono: '987654321',
    genero: 'Masculino',
    ciudad: 'Ñuñoa',
    acepta_terminos: true,
    acepta_datos_sensibles: true,
    apellido: nickname,
    url: '',
    ...overrides,
  };
}

export function escortPayload(overrides: Record<string, unknown> = {}) {
  const nickname = nick('e');
  return {
    rut_usuario: validRut(),
    nombre: 'María José Rojas',
    nickname,
    fecha_nac: '1995-08-20',
    email: `${nickname}@correo.cl`,
    pass: 'rosa777',
    fono: '912345678',
    genero: 'Femenino',
    ciudad: 'Viña del Mar',
    acepta_terminos: true,
    acepta_datos_sensibles: true,
    ...overrides,
  };
}

/** Yesterday minus 18 years is adult; the day after the latest adult date is not. */
export function minorBirthDate(): string {
  const d = new Date(`${latestAdultBirthDate(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Decodes the quoted-printable text of an .eml file written to the outbox. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Every mail sent to an address, oldest first, decoded. Mail goes through the
 * outbox table, so the worker is drained first (it would send it within its
 * poll interval anyway).
 */
export async function mailsTo(app: FastifyInstance, dataDir: string, to: string): Promise<string[]> {
  await app.background.mail.drain();
  const outbox = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(outbox).catch(() => []))
    .filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^a-zA-Z0-9@._-]/g, '_')))
    .sort();
  return Promise.all(
    files.map(async (f) => decodeQuotedPrintable(await fs.readFile(path.join(outbox, f), 'utf8'))),
  );
}

/**
 * The newest recovery mail sent to an address: its code and its reset link. Other mails (the recovery lock's
 * notice) may be delivered after it by the outbox worker, so the newest one carrying a code is taken.
 */
export async function lastMail(
  app: FastifyInstance,
  dataDir: string,
  to: string,
): Promise<{ text: string; code: string; link: string }> {
  const mails = await mailsTo(app, dataDir, to);
  if (mails.length === 0) throw new Error(`no mail to ${to}`);
  for (const text of mails.toReversed()) {
    const code = /provisoria es (\d{4})/.exec(text)?.[1];
    const link = /(https?:\/\/\S+\/resetear-pass\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (code && link) return { text, code, link };
  }
  throw new Error(`no mail with a code and a link:\n${mails.at(-1)}`);
}
