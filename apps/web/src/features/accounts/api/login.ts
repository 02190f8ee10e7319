import {
  clientLoginResponseSchema,
  escortLoginResponseSchema,
  type ClientLoginResponse,
  type EscortLoginResponse,
  type LoginInput,
} from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import {
  secondFactorPendingSchema,
  type SecondFactorPending,
  type TotpEnrolment,
} from '@encanto/core/two-factor';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../../../lib/api-client.ts';
import { setStored } from '../../../lib/session.ts';

/** Raised when a login answer lacks a field the spec expects. */
export class IncompleteDataError extends Error {
  constructor() {
    super(msg.incompleteData);
  }
}

/** Login succeeds only if the answer carries every expected field. */
function complete<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  data: unknown,
): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new IncompleteDataError();
  return parsed.data;
}

/** The password step's answer when a second step is owed (decision 0078). */
function pendingStep(data: unknown): SecondFactorPending | null {
  const parsed = secondFactorPendingSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

function storeClient(data: ClientLoginResponse): void {
  const pending = data.autorizado === 'pendiente';
  // Role is inferred from nickname + rut_cliente; tipo marks a pending account. Never a password, and
  // never the token: the session is the HttpOnly cookie the login answer set (decision 0108).
  setStored({
    token: null,
    nickname: data.nickname,
    rut_cliente: data.rut_cliente,
    email: data.email,
    rut_usuario: null,
    tipo_perfil: null,
    tipo: pending ? 'cliente' : null,
  });
}

function storeEscort(data: EscortLoginResponse): void {
  const pending = data.autorizado === 'pendiente';
  setStored({
    token: null,
    nickname: data.nickname,
    rut_usuario: data.rut_usuario,
    email: data.email,
    tipo_perfil: data.tipo_perfil,
    rut_cliente: null,
    // A pending escort keeps tipo=usuario stored; an approved one has it removed.
    tipo: pending ? 'usuario' : null,
  });
}

function storeAdmin(data: EscortLoginResponse): void {
  setStored({
    token: null,
    nickname: data.nickname,
    rut_usuario: data.rut_usuario,
    email: data.email,
    tipo: 'admin',
    tipo_perfil: data.tipo_perfil,
    rut_cliente: null,
  });
}

export type LoginKind = 'cliente' | 'usuario' | 'admin';

/**
 * Stores a finished login of the given screen and returns it. The client and escort screens sign in
 * whichever account the e-mail is (decision 0140): their answer's own shape says which it is.
 */
function finish(kind: LoginKind, data: unknown): ClientLoginResponse | EscortLoginResponse {
  if (kind !== 'admin') return finishAny(data);
  const done = complete(escortLoginResponseSchema, data);
  storeAdmin(done);
  return done;
}

/** Keeps a client's session from a registration answer (`sesion`, shaped as a login answer). */
export const storeClientSession = (answer: unknown) => finish('cliente', answer) as ClientLoginResponse;

/** Keeps an escort's session from a registration answer (`sesion`). */
export const storeEscortSession = (answer: unknown) => finish('usuario', answer) as EscortLoginResponse;

/** The login of the client or the escort screen: the account the e-mail names answers, of either kind. */
export async function login(
  screen: 'cliente' | 'usuario',
  input: LoginInput,
): Promise<ClientLoginResponse | EscortLoginResponse | SecondFactorPending> {
  const data = await api(screen === 'cliente' ? '/cliente/login' : '/usuario/login', {
    method: 'POST',
    body: input,
  });
  return pendingStep(data) ?? finishAny(data);
}

/** The second step: a TOTP or recovery code for the `desafio`; stores the finished login. */
export async function submitSecondFactor(kind: LoginKind, desafio: string, codigo: string) {
  const data = await api('/login/segundo-factor', {
    method: 'POST',
    body: { desafio, codigo },
  });
  return finish(kind, data);
}

/** An admin without a second factor: the secret and QR code for her app. */
export const startAdminEnrolment = (desafio: string) =>
  api<TotpEnrolment>('/login/inscribir-totp', { method: 'POST', body: { desafio } });

/** Confirms the admin's app with a code: stores the login, returns the recovery codes to show once. */
export async function confirmAdminEnrolment(desafio: string, codigo: string): Promise<string[]> {
  const data = await api<{ codigos_recuperacion?: string[] }>('/login/confirmar-totp', {
    method: 'POST',
    body: { desafio, codigo },
  });
  finish('admin', data);
  return data.codigos_recuperacion ?? [];
}

/**
 * Admin login (decision 0097: the route knows the role, nothing to type). The admin route answers admins
 * only; should an answer ever carry another profile type, the new session is dropped with
 * `endSession` (lib/logout.ts useEndSession: the server's session, the stored keys and the cache).
 */
export async function loginAdmin(
  input: LoginInput,
  endSession: () => Promise<void>,
): Promise<EscortLoginResponse | SecondFactorPending> {
  const answer = await api('/usuario/login-admin', {
    method: 'POST',
    body: { email: input.email, pass: input.pass },
  });
  const pending = pendingStep(answer);
  if (pending) return pending;
  const data = complete(escortLoginResponseSchema, answer);
  if (data.tipo_perfil !== 'admin') {
    // The answer also set the session cookie: logging out ends that session and clears it.
    await endSession();
    throw new WrongProfileTypeError();
  }
  storeAdmin(data);
  return data;
}

/** Stores a login by the answer's own shape: a passkey, or an e-mail, may belong to any kind of account. */
function finishAny(data: unknown): ClientLoginResponse | EscortLoginResponse {
  const client = clientLoginResponseSchema.safeParse(data);
  if (client.success) {
    storeClient(client.data);
    return client.data;
  }
  const escort = complete(escortLoginResponseSchema, data);
  if (escort.tipo_perfil === 'admin') storeAdmin(escort);
  else storeEscort(escort);
  return escort;
}

/** Passwordless login: the browser picks one of this site's passkeys and signs the challenge. */
export async function loginWithPasskey() {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>('/login/passkey/opciones', {
    method: 'POST',
  });
  const respuesta = await startAuthentication({ optionsJSON });
  return finishAny(await api('/login/passkey', { method: 'POST', body: { respuesta } }));
}

/** A passkey as the second step of a password login. */
export async function secondFactorPasskey(kind: LoginKind, desafio: string) {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
    '/login/segundo-factor/passkey-opciones',
    {
      method: 'POST',
      body: { desafio },
    },
  );
  const respuesta = await startAuthentication({ optionsJSON });
  return finish(
    kind,
    await api('/login/segundo-factor/passkey', {
      method: 'POST',
      body: { desafio, respuesta },
    }),
  );
}

export class WrongProfileTypeError extends Error {
  constructor() {
    super(msg.wrongProfileType);
  }
}
