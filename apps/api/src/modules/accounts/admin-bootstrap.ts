import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

export interface AdminInput {
  email: string;
  password: string;
  nickname?: string;
}

/** Creates the admin account, or updates its password if one with that e-mail exists. */
export async function ensureAdmin(db: DbOrTx, input: AdminInput): Promise<void> {
  const emailNorm = input.email.trim().toLowerCase();
  const passHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: accounts.id, kind: accounts.kind })
    .from(accounts)
    .where(eq(accounts.emailNorm, emailNorm));
  if (existing) {
    if (existing.kind !== 'admin') throw new Error(`${input.email} belongs to a non-admin account`);
    await db.update(accounts).set({ passHash, updatedAt: new Date() }).where(eq(accounts.id, existing.id));
    return;
  }
  const nickname = input.nickname ?? `admin${emailNorm.replace(/[^a-z0-9]/g, '').slice(0, 5)}`;
  await db.insert(accounts).values({
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
}
