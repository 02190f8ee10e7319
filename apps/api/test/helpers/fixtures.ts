import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatRut, rutCheckDigit, normalizeRut } from '@encanto/core/rut';
import { cityKey } from '@encanto/core/geo';
import { eq } from 'drizzle-orm';
import { accounts, escortProfiles, mailOutbox } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createSession } from '../../src/modules/sessions/service.ts';
import { syncEscortVisibility } from '../../src/modules/accounts/service.ts';

let seq = 0;
let cachedHash: Promise<string> | undefined;
export const FIXTURE_PASSWORD = 'clave1234';

/** A valid, unique RUT for tests. */
export function uniqueRut(): string {
  // 32 random bits: the former clock-and-16-bit mix repeated a RUT now and then within one file.
  const body = String(10_000_000 + ((randomBytes(4).readUInt32BE() + seq++ * 7919) % 89_999_999));
  return formatRut(body + rutCheckDigit(body));
}

export interface FixtureAccount {
  id: string;
  kind: 'escort' | 'client' | 'admin';
  nickname: string;
  email: string;
  rut: string;
  token: string;
  password: string;
  /** The account's picture as created: an escort's own photo unless `photo: false`, else the avatar. */
  url: string;
}

export interface FixtureOptions {
  kind: 'escort' | 'client' | 'admin';
  autorizado?: 'pendiente' | 'aprobado';
  ciudad?: string;
  nickname?: string;
  fechaNac?: string;
  estado?: 'disponible' | 'inactiva';
  genero?: string;
  /**
   * An escort's own photo (default true): a profile is listed only with one (decision 0153); false
   * leaves the default avatar, as a new registration has.
   */
  photo?: boolean;
}

/** Inserts an account straight into the database (fast path for tests of other features) and opens a session. */
export async function createAccount(app: FastifyInstance, options: FixtureOptions): Promise<FixtureAccount> {
  cachedHash ??= hashPassword(FIXTURE_PASSWORD);
  const n = `${options.kind[0]}${randomBytes(4).toString('hex')}`.slice(0, 9);
  const nickname = options.nickname ?? n;
  const rut = uniqueRut();
  const email = `${nickname}@example.cl`;
  const ciudad = options.ciudad ?? 'Santiago';
  const url =
    options.kind === 'escort' && options.photo !== false
      ? `/media/fixture/${nickname}.webp`
      : '/assets/avatars/femenino.svg';
  const [row] = await app.db
    .insert(accounts)
    .values({
      kind: options.kind,
      rut,
      rutNorm: normalizeRut(rut),
      nombre: `Nombre Apellido ${nickname}`,
      apellido: nickname,
      nickname,
      email,
      emailNorm: email.toLowerCase(),
      fechaNac: options.fechaNac ?? '1995-05-05',
      genero: options.genero ?? 'Femenino',
      fono: '912345678',
      ciudad,
      url,
      passHash: await cachedHash,
      autorizado: options.autorizado ?? (options.kind === 'admin' ? 'aprobado' : 'pendiente'),
      tipoPerfil: options.kind === 'admin' ? 'admin' : options.kind === 'escort' ? 'usuario' : 'cliente',
      ...(options.autorizado === 'aprobado' ? { approvedAt: new Date() } : {}),
    })
    .returning({ id: accounts.id });
  const id = row!.id;
  if (options.kind === 'escort') {
    await app.db
      .insert(escortProfiles)
      .values({ accountId: id, cityKey: cityKey(ciudad), estado: options.estado ?? 'disponible' });
    await syncEscortVisibility(app.db, id, app.services.clock.now());
    app.services.publicCache.clear();
  }
  // A fixture session stands for a finished login, second factor included (admin routes need it).
  const token = await createSession(app.db, id, app.services.clock.now(), { secondFactor: true });
  return { id, kind: options.kind, nickname, email, rut, token, password: FIXTURE_PASSWORD, url };
}

export const bearer = (account: { token: string }) => ({ authorization: `Bearer ${account.token}` });

/** The mails of one notice kind (the outbox's `kind`) queued for an address, oldest first. */
export const queuedMails = (app: FastifyInstance, to: string, kind: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .then((rows) => rows.filter((r) => r.kind === kind && r.channel === 'mail'));
