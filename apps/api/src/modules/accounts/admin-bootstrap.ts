import type { Db } from '../../db/client.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { setTotpSecret, type TwoFactorDeps } from '../two-factor/service.ts';
import { findByEmail, insertAccount, normEmail } from './queries.ts';
import { setPasswordHash } from './service.ts';

export interface AdminInput {
  email: string;
  password: string;
  nickname?: string;
  /** ADMIN_TOTP_SECRET: the admin's TOTP secret, set as already confirmed. */
  totpSecret?: string | undefined;
}

/**
 * Creates the admin account, or sets its password if one with that e-mail
 * exists. A new password ends every session of the admin (a changed
 * ADMIN_PASSWORD or `npm run admin -- create` must lock out whoever held the
 * old one); the same password, as at every restart, leaves them alone.
 */
export async function ensureAdmin(deps: TwoFactorDeps, input: AdminInput): Promise<void> {
  const id = await ensureAdminAccount(deps.db, input, deps.clock.now());
  if (input.totpSecret) await setTotpSecret(deps, id, input.totpSecret);
}

async function ensureAdminAccount(db: Db, input: AdminInput, now: Date): Promise<string> {
  const emailNorm = normEmail(input.email);
  const existing = await findByEmail(db, emailNorm);
  if (existing) {
    if (existing.kind !== 'admin') throw new Error(`${input.email} belongs to a non-admin account`);
    if (await verifyPassword(existing.passHash, input.password)) return existing.id;
    const passHash = await hashPassword(input.password);
    await db.transaction((tx) => setPasswordHash(tx, existing.id, passHash, now));
    return existing.id;
  }
  const passHash = await hashPassword(input.password);
  const nickname = input.nickname ?? `admin${emailNorm.replace(/[^a-z0-9]/g, '').slice(0, 5)}`;
  const row = await insertAccount(db, {
    createdAt: now,
    updatedAt: now,
    lastActiveAt: now,
    kind: 'admin',
    rut: `ADMIN-${nickname}`,
    rutNorm: `ADMIN${nickname.toUpperCase()}`,
    nombre: 'Administrador',
    apellido: nickname,
    nickname,
    email: input.email.trim(),
    emailNorm,
    fechaNac: '1990-01-01',
    genero: 'Femenino',
    fono: '000000000',
    ciudad: 'Santiago',
    passHash,
    autorizado: 'aprobado',
    tipoPerfil: 'admin',
  });
  return row.id;
}
