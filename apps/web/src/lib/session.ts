import { useSyncExternalStore } from 'react';
import { storageKeys, type StorageKey } from '@encanto/core/constants';

/**
 * The browser session lives in localStorage under the spec's keys. Components
 * read it through useSession, which renders as anonymous on the server and
 * during hydration, then switches to the stored values.
 */
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getStored(key: StorageKey): string | null {
  return storage()?.getItem(key) ?? null;
}

export function setStored(values: Partial<Record<StorageKey, string | null>>): void {
  const s = storage();
  if (!s) return;
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) s.removeItem(key);
    else s.setItem(key, value);
  }
  notify();
}

export function clearSession(): void {
  const s = storage();
  if (s) for (const key of storageKeys) s.removeItem(key);
  notify();
}

function notify(): void {
  snapshot = undefined;
  for (const l of listeners) l();
}

export type Role = 'cliente' | 'usuario' | 'admin' | null;

export interface SessionView {
  token: string | null;
  nickname: string | null;
  role: Role;
  rut: string | null;
  tipo: string | null;
}

const anonymous: SessionView = { token: null, nickname: null, role: null, rut: null, tipo: null };
let snapshot: SessionView | undefined;

/** Role is inferred from the stored nickname together with rut_cliente or rut_usuario, as the spec says. */
function read(): SessionView {
  if (snapshot) return snapshot;
  const token = getStored('token');
  const nickname = getStored('nickname');
  const tipo = getStored('tipo');
  const rutCliente = getStored('rut_cliente');
  const rutUsuario = getStored('rut_usuario');
  let role: Role = null;
  if (token && getStored('tipo_perfil') === 'admin' && tipo === 'admin') role = 'admin';
  else if (token && nickname && rutCliente) role = 'cliente';
  else if (token && nickname && rutUsuario) role = 'usuario';
  snapshot = token ? { token, nickname, role, rut: rutCliente ?? rutUsuario, tipo } : anonymous;
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => notify();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): SessionView {
  return useSyncExternalStore(subscribe, read, () => anonymous);
}

/** True after hydration: lets guards wait for the stored session instead of redirecting on the server view. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
const noopSubscribe = () => () => {};
