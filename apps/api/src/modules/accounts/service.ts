import { detailsFromRow } from '@encanto/core/profile-details';
import { defaultAvatars, type Genero } from '@encanto/core/constants';
import { cityKey, findComuna } from '@encanto/core/geo';
import { msg } from '@encanto/core/messages';
import {
  accountRutKey,
  missingForListing,
  type ClientLoginResponse,
  type ClientProfile,
  type ClientRegisterInput,
  type EscortLoginResponse,
  type EscortProfile,
  type EscortRegisterInput,
  type LoginInput,
} from '@encanto/core/accounts';
import type { SecondFactorPending } from '@encanto/core/two-factor';
import type { Db, DbOrTx } from '../../db/client.ts';
import { factorKind, factorsOf, noteSignIn, openChallenge } from '../two-factor/service.ts';
import type { Deps } from '../../deps.ts';
import { conflict, isUniqueViolation, AppError, notFound, unauthorized } from '../../errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createSession, revokeAllSessions, type SessionAccount } from '../sessions/service.ts';
import {
  anyTaken,
  findByEmail,
  findById,
  findAccountByNickname,
  findByRutKey,
  findEscortWithProfile,
  insertAccount,
  insertConsents,
  insertEscortProfile,
  normEmail,
  updatePassHash,
  type AccountKind,
  type AccountRow,
  type NicknameAccount,
} from './queries.ts';

// What other features use of accounts: the one nickname lookup, and the reads and
// write password recovery needs.
export { findAccountByNickname, normEmail, type NicknameAccount } from './queries.ts';
/**
 * After changing approval, estado, pause or suspension, in the same transaction: recomputes whether
 * the escort is public and listed.
 */
export { syncEscortVisibility } from './queries.ts';
/**
 * The "fotos verificadas" badge (escort_profiles, owned here): photo verification sets it; a new
 * profile or gallery picture clears it in its upload's transaction, so the badge never covers a
 * picture nobody compared with a selfie.
 */
export { photosVerified, setPhotosVerified } from './queries.ts';
/** Wrong-password budgets and the account calls' rate limits, shared by every route that checks a password. */
export { PasswordGuard } from './password-guard.ts';
export { accountLimits, type AccountLimiters } from './rate-limits.ts';

/**
 * An escort by nickname as the caller may read her: a public profile for anyone;
 * a hidden one (pending, paused, on hold, suspended) only for herself and admins.
 * Everyone else gets undefined, as for an unknown nickname, so the answer cannot
 * tell a hidden profile from a missing one.
 */
export async function findReadableEscort(
  db: DbOrTx,
  nickname: string,
  caller: Pick<SessionAccount, 'id' | 'kind'> | null,
): Promise<NicknameAccount | undefined> {
  const escort = await findAccountByNickname(db, nickname, 'escort');
  if (!escort?.profile) return undefined;
  return escort.profile.public || caller?.kind === 'admin' || caller?.id === escort.id ? escort : undefined;
}
export { adminEmails, findById as findAccountById } from './queries.ts';

/**
 * The one way a password changes (self-service, recovery, ADMIN_PASSWORD, the
 * admin CLI): the new hash, and every session of the account ends, since whoever
 * knew the old password may hold one. `keepSessionId` spares the device making a
 * self-service change. Call it inside the change's transaction.
 */
export async function setPasswordHash(
  db: DbOrTx,
  accountId: string,
  passHash: string,
  now: Date,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  await updatePassHash(db, accountId, passHash, now);
  await revokeAllSessions(db, accountId, options.keepSessionId);
}

/**
 * Replaces the password with one nobody knows and ends every session: after "no fui yo" whoever knew
 * the old password cannot sign in, and the owner sets a new one through the recovery mail.
 */
export async function voidPassword(
  db: DbOrTx,
  accountId: string,
  unusableHash: string,
  now: Date,
): Promise<void> {
  await setPasswordHash(db, accountId, unusableHash, now);
}

/** An account of one kind by its e-mail, in whatever case or spacing it is typed. */
export const findAccountByEmail = (db: DbOrTx, email: string, kind: AccountKind) =>
  findByEmail(db, normEmail(email), kind);

/** The catalogue's spelling of the chosen comuna, so 'San Jose de Maipo' is stored once as 'San José de Maipo'. */
function canonicalCity(ciudad: string): string {
  return findComuna(ciudad)?.name ?? ciudad;
}

function baseValues(
  input: ClientRegisterInput | EscortRegisterInput,
  rut: string,
  passHash: string,
  now: Date,
) {
  return {
    // From the clock: a pending account's inactivity (data-rights/inactive-accounts.ts) counts from here.
    createdAt: now,
    updatedAt: now,
    lastActiveAt: now,
    rut: rut.trim(),
    rutNorm: accountRutKey(rut),
    nombre: input.nombre.trim(),
    // The spec sets apellido (the alias) to the nickname and the photo to the gender's default avatar.
    apellido: input.nickname,
    nickname: input.nickname,
    email: input.email.trim(),
    emailNorm: normEmail(input.email),
    fechaNac: input.fecha_nac,
    genero: input.genero,
    fono: input.fono,
    ciudad: canonicalCity(input.ciudad),
    url: defaultAvatars[input.genero as Genero],
    passHash,
    autorizado: 'pendiente' as const,
  };
}

/** Unique indexes are the guard: of two simultaneous registrations of one value, one gets 409. */
async function insertUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg.duplicate, 'DUPLICATE');
    throw err;
  }
}

/**
 * The schema only lets a registration through with both consents set to true;
 * they are stored in the account's own transaction, so no account exists without them.
 */
export async function registerClient(db: Db, input: ClientRegisterInput, now: Date): Promise<AccountRow> {
  const passHash = await hashPassword(input.pass);
  return insertUnique(() =>
    db.transaction(async (tx) => {
      const row = await insertAccount(tx, {
        ...baseValues(input, input.rut_cliente, passHash, now),
        kind: 'client',
        tipoPerfil: 'cliente',
      });
      await insertConsents(tx, row.id, row.createdAt);
      return row;
    }),
  );
}

export async function registerEscort(db: Db, input: EscortRegisterInput, now: Date): Promise<AccountRow> {
  const passHash = await hashPassword(input.pass);
  const rut = input.rut_usuario.trim().toUpperCase();
  return insertUnique(() =>
    db.transaction(async (tx) => {
      const row = await insertAccount(tx, {
        ...baseValues(input, rut, passHash, now),
        kind: 'escort',
        tipoPerfil: 'usuario',
      });
      // A new escort is pending, so not listed: the derived flags keep their false defaults.
      await insertEscortProfile(tx, row.id, cityKey(row.ciudad));
      await insertConsents(tx, row.id, row.createdAt);
      return row;
    }),
  );
}

/**
 * Checks e-mail and password for one kind of account. Unknown e-mails still
 * verify against a dummy hash so the answer takes the same time.
 */
async function authenticate(
  db: DbOrTx,
  kind: AccountKind,
  input: LoginInput,
  unknown: AppError,
  wrong: AppError,
) {
  const row = await findAccountByEmail(db, input.email, kind);
  if (!row) {
    await verifyPassword(await dummyPasswordHash(), input.pass);
    throw unknown;
  }
  if (!(await verifyPassword(row.passHash, input.pass))) throw wrong;
  return row;
}

export interface LoginContext {
  userAgent?: string | undefined;
  /** The browser's device id (its cookie): a sign-in from an unknown one mails the owner. */
  deviceId?: string | undefined;
}

/** What a sign-in needs: the database, the clock, and the config for the owner's notice mail. */
export type LoginDeps = Pick<Deps, 'db' | 'config' | 'clock'>;

type LoginKind = 'client' | 'escort' | 'admin';
type LoginAnswer<K extends LoginKind> = K extends 'client' ? ClientLoginResponse : EscortLoginResponse;

/**
 * After a right password: the login answer when the account has no second factor, otherwise a
 * `desafio` for POST /api/login/segundo-factor. An admin without a factor must enrol one first.
 */
async function afterPassword<K extends LoginKind>(
  deps: LoginDeps,
  row: AccountRow,
  loginKind: K,
  ctx: LoginContext,
): Promise<LoginAnswer<K> | SecondFactorPending> {
  const kind = factorKind(await factorsOf(deps.db, row.id));
  if (kind) return { segundo_factor: kind, desafio: await openChallenge(deps, row.id, loginKind, 'verify') };
  if (loginKind === 'admin') {
    return { segundo_factor: 'inscribir', desafio: await openChallenge(deps, row.id, loginKind, 'enrol') };
  }
  return finishLogin(deps, row.id, loginKind, { ...ctx, secondFactor: false });
}

/**
 * The answer a login route gives once every step passed: a new session and the account's fields,
 * shaped as that route answers (clients vs escorts and admins).
 */
export async function finishLogin<K extends LoginKind>(
  deps: LoginDeps,
  accountId: string,
  loginKind: K,
  options: LoginContext & { secondFactor: boolean },
): Promise<LoginAnswer<K>> {
  const row = await findById(deps.db, accountId);
  if (!row) throw unauthorized(msg.badCredentials, 'BAD_CREDENTIALS');
  const token = await deps.db.transaction(async (tx) => {
    if (options.deviceId) {
      await noteSignIn(
        tx,
        deps,
        { id: row.id, email: row.email, userAgent: options.userAgent },
        options.deviceId,
      );
    }
    return createSession(tx, row.id, deps.clock.now(), options);
  });
  const common = { token, nickname: row.nickname, autorizado: row.autorizado, email: row.email };
  if (loginKind === 'client') return { ...common, rut_cliente: row.rut } as LoginAnswer<K>;
  return { ...common, rut_usuario: row.rut, tipo_perfil: row.tipoPerfil } as LoginAnswer<K>;
}

/**
 * The client and escort login routes: the e-mail decides the kind of account (e-mails are unique across
 * both), so either tab signs a person in to her own account, answered in that account's shape
 * (decision 0140). The route only decides what an unknown e-mail is told.
 */
export async function loginClientOrEscort(
  deps: LoginDeps,
  route: 'client' | 'escort',
  input: LoginInput,
  ctx: LoginContext = {},
): Promise<ClientLoginResponse | EscortLoginResponse | SecondFactorPending> {
  const other = route === 'client' ? 'escort' : 'client';
  const found =
    (await findAccountByEmail(deps.db, input.email, route)) ??
    (await findAccountByEmail(deps.db, input.email, other));
  const kind: 'client' | 'escort' = found ? (found.kind === 'client' ? 'client' : 'escort') : route;
  // The spec's client screen tells an unknown e-mail apart by code EMAIL_NOT_FOUND.
  const unknown =
    route === 'client'
      ? new AppError(404, 'EMAIL_NOT_FOUND', msg.emailNotFound)
      : unauthorized(msg.badCredentials, 'BAD_CREDENTIALS');
  const row = await authenticate(
    deps.db,
    kind,
    input,
    unknown,
    unauthorized(msg.badCredentials, 'BAD_CREDENTIALS'),
  );
  return kind === 'client'
    ? afterPassword(deps, row, 'client', ctx)
    : afterPassword(deps, row, 'escort', ctx);
}

export async function loginEscortOrAdmin(
  deps: LoginDeps,
  kind: 'escort' | 'admin',
  input: LoginInput,
  ctx: LoginContext = {},
): Promise<EscortLoginResponse | SecondFactorPending> {
  const bad = kind === 'admin' ? msg.adminBadCredentials : msg.badCredentials;
  const row = await authenticate(
    deps.db,
    kind,
    input,
    unauthorized(bad, 'BAD_CREDENTIALS'),
    unauthorized(bad, 'BAD_CREDENTIALS'),
  );
  return afterPassword(deps, row, kind, ctx);
}

/** Registration signs the new account in at once, with the answer a login gives (a new account has no second factor). */
export function clientSession(
  deps: LoginDeps,
  row: AccountRow,
  ctx: LoginContext = {},
): Promise<ClientLoginResponse> {
  return finishLogin(deps, row.id, 'client', { ...ctx, secondFactor: false });
}

/** The escort's registration answer carries her session too (see clientSession). */
export function escortSession(
  deps: LoginDeps,
  row: AccountRow,
  ctx: LoginContext = {},
): Promise<EscortLoginResponse> {
  return finishLogin(deps, row.id, 'escort', { ...ctx, secondFactor: false });
}

// ---- Availability --------------------------------------------------------------

export interface AvailabilityQuery {
  rut?: string | undefined;
  email?: string | undefined;
  nickname?: string | undefined;
}

export function isTaken(db: DbOrTx, q: AvailabilityQuery): Promise<boolean> {
  return anyTaken(db, {
    ...(q.rut ? { rutNorm: accountRutKey(q.rut) } : {}),
    ...(q.email ? { emailNorm: normEmail(q.email) } : {}),
    ...(q.nickname ? { nickname: q.nickname.trim() } : {}),
  });
}

/** The account id behind a RUT as registered (admins read others' profiles by it). */
export async function accountIdByRut(db: DbOrTx, kind: AccountKind, rut: string): Promise<string> {
  const row = await findByRutKey(db, accountRutKey(rut), kind);
  if (!row) throw notFound();
  return row.id;
}

// ---- Profiles read by their owner --------------------------------------------------

export function toClientProfile(row: AccountRow): ClientProfile {
  return {
    rut_cliente: row.rut,
    nombre: row.nombre,
    apellido: row.apellido,
    nickname: row.nickname,
    fecha_nac: row.fechaNac,
    email: row.email,
    genero: row.genero,
    fono: row.fono,
    url: row.url,
    ciudad: row.ciudad,
    autorizado: row.autorizado,
  };
}

export async function clientProfile(db: DbOrTx, accountId: string): Promise<ClientProfile> {
  const row = await findById(db, accountId);
  if (!row || row.kind !== 'client') throw notFound();
  return toClientProfile(row);
}

export async function escortProfile(db: DbOrTx, accountId: string): Promise<EscortProfile> {
  const found = await findEscortWithProfile(db, accountId);
  if (!found) throw notFound();
  const { account: a, profile: p } = found;
  return {
    rut_usuario: a.rut,
    nombre: a.nombre,
    apellido: a.apellido,
    nickname: a.nickname,
    fecha_nac: a.fechaNac,
    email: a.email,
    genero: a.genero,
    fono: a.fono,
    url: a.url,
    medidas: p.medidas,
    legenda: p.legenda,
    ciudad: a.ciudad,
    estado: p.estado,
    autorizado: a.autorizado,
    tipo_perfil: a.tipoPerfil,
    motivo: a.motivo,
    ...detailsFromRow(p),
    falta_para_listado: missingForListing({ hasPhoto: p.hasPhoto, apellido: a.apellido }),
  };
}

export async function clientByNickname(db: DbOrTx, nickname: string) {
  const row = await findAccountByNickname(db, nickname, 'client');
  if (!row) throw notFound(msg.clientCardMissing);
  return {
    nickname: row.nickname,
    apellido: row.apellido,
    genero: row.genero,
    url: row.url,
    ciudad: row.ciudad,
  };
}

// ---- Password change ------------------------------------------------------------------

/**
 * Changes the password after checking the current one (404 as the spec's escort
 * call answers), then ends every other session of the account: whoever else held
 * the old password is signed out, the device making the change stays in.
 */
export async function changePassword(
  db: Db,
  accountId: string,
  keepSessionId: string,
  current: string,
  next: string,
  now: Date,
): Promise<void> {
  const row = await findById(db, accountId);
  if (!row || !(await verifyPassword(row.passHash, current))) {
    throw notFound(msg.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
  }
  const passHash = await hashPassword(next);
  await db.transaction((tx) => setPasswordHash(tx, accountId, passHash, now, { keepSessionId }));
}
