import {
  clientLoginResponseSchema,
  escortLoginResponseSchema,
  type ClientLoginResponse,
  type EscortLoginResponse,
  type LoginInput,
} from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
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

export async function loginClient(input: LoginInput): Promise<ClientLoginResponse> {
  return storeClientSession(await api('/cliente/login', { method: 'POST', body: input, anonymous: true }));
}

/** Keeps a client's session from a login or registration answer (`sesion`). */
export function storeClientSession(answer: unknown): ClientLoginResponse {
  const data = complete(clientLoginResponseSchema, answer);
  const pending = data.autorizado === 'pendiente';
  // Role is inferred from nickname + rut_cliente; tipo marks a pending account. Never a password.
  setStored({
    token: data.token,
    nickname: data.nickname,
    rut_cliente: data.rut_cliente,
    email: data.email,
    rut_usuario: null,
    tipo_perfil: null,
    tipo: pending ? 'cliente' : null,
  });
  return data;
}

export async function loginEscort(input: LoginInput): Promise<EscortLoginResponse> {
  return storeEscortSession(await api('/usuario/login', { method: 'POST', body: input, anonymous: true }));
}

/** Keeps an escort's session from a login or registration answer (`sesion`). */
export function storeEscortSession(answer: unknown): EscortLoginResponse {
  const data = complete(escortLoginResponseSchema, answer);
  const pending = data.autorizado === 'pendiente';
  setStored({
    token: data.token,
    nickname: data.nickname,
    rut_usuario: data.rut_usuario,
    email: data.email,
    tipo_perfil: data.tipo_perfil,
    rut_cliente: null,
    // A pending escort keeps tipo=usuario stored; an approved one has it removed.
    tipo: pending ? 'usuario' : null,
  });
  return data;
}

/** Admin login: the typed profile type must equal the server's tipo_perfil, else the new session is dropped. */
export async function loginAdmin(input: LoginInput & { tipo_perfil: string }): Promise<EscortLoginResponse> {
  const data = complete(
    escortLoginResponseSchema,
    await api('/usuario/login-admin', {
      method: 'POST',
      body: { email: input.email, pass: input.pass },
      anonymous: true,
    }),
  );
  if (input.tipo_perfil.trim() !== data.tipo_perfil) {
    await fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${data.token}` } }).catch(
      () => undefined,
    );
    throw new WrongProfileTypeError();
  }
  setStored({
    token: data.token,
    nickname: data.nickname,
    rut_usuario: data.rut_usuario,
    email: data.email,
    tipo: 'admin',
    tipo_perfil: data.tipo_perfil,
    rut_cliente: null,
  });
  return data;
}

export class WrongProfileTypeError extends Error {
  constructor() {
    super(msg.wrongProfileType);
  }
}
