import { createContext, useContext, useSyncExternalStore } from 'react';
import { storageKeys, type StorageKey } from '@encanto/core/constants';
import type { SsrSession } from '@encanto/core/ssr';
import { HeadContext } from './head.tsx';

/**
 * The session itself lives in an HttpOnly cookie the server sets at login (decision 0108): no script
 * reads it. localStorage keeps only what the screens show and decide with (the spec's keys:
 * nickname, rut_cliente / rut_usuario, tipo, tipo_perfil, email), never the token. Components read
 * it through useSession: on the server and during hydration it is the session the server knew from
 * the cookie (ServerSessionContext, sent in the page's state), then the stored values.
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
  /** Signed in: the stored display values name an account (the cookie itself is out of reach). */
  signedIn: boolean;
  nickname: string | null;
  role: Role;
  rut: string | null;
  tipo: string | null;
}

const anonymous: SessionView = { signedIn: false, nickname: null, role: null, rut: null, tipo: null };
let snapshot: SessionView | undefined;

/** Role is inferred from the stored nickname together with rut_cliente or rut_usuario, as the spec says. */
function read(): SessionView {
  if (!snapshot) snapshot = computeView();
  // The view the page was hydrated with, while it says the same: a new object would re-render every
  // reader after hydration, and a layout re-rendering around a section whose code is still loading
  // makes React drop that section's server HTML for its skeleton (a flash on every signed-in page).
  if (lastServerView && snapshot !== lastServerView && sameView(snapshot, lastServerView)) {
    snapshot = lastServerView;
  }
  return snapshot;
}

const sameView = (a: SessionView, b: SessionView) =>
  a.signedIn === b.signedIn &&
  a.nickname === b.nickname &&
  a.role === b.role &&
  a.rut === b.rut &&
  a.tipo === b.tipo;

function computeView(): SessionView {
  const nickname = getStored('nickname');
  const tipo = getStored('tipo');
  const rutCliente = getStored('rut_cliente');
  const rutUsuario = getStored('rut_usuario');
  let role: Role = null;
  if (nickname && getStored('tipo_perfil') === 'admin' && tipo === 'admin') role = 'admin';
  else if (nickname && rutCliente) role = 'cliente';
  else if (nickname && rutUsuario) role = 'usuario';
  return role ? { signedIn: true, nickname, role, rut: rutCliente ?? rutUsuario, tipo } : anonymous;
}

/** Whether this browser holds a signed-in account (for handlers; components use useSession). */
export function hasStoredSession(): boolean {
  return read().signedIn;
}

/**
 * What the server knew when it rendered the page: `{ session }` for a request that carried the session
 * cookie (session null when it named no live session), null for the shared anonymous render.
 */
export const ServerSessionContext = createContext<{ session: SsrSession | null } | null>(null);

/** The view of a session the server rendered with; the same values a login stores. */
export function sessionViewOf(session: SsrSession | null): SessionView {
  if (!session) return anonymous;
  return {
    signedIn: true,
    nickname: session.nickname,
    role: session.role,
    rut: session.rut,
    tipo: session.tipo,
  };
}

/** The stored values for a session the server knows: what a login on this browser would have stored. */
export function storedValuesOf(session: SsrSession): Partial<Record<StorageKey, string | null>> {
  return {
    nickname: session.nickname,
    email: session.email,
    rut_cliente: session.role === 'cliente' ? session.rut : null,
    rut_usuario: session.role === 'cliente' ? null : session.rut,
    tipo: session.tipo,
    tipo_perfil: session.role === 'admin' ? 'admin' : (getStored('tipo_perfil') ?? null),
  };
}

/**
 * After hydration: the stored values follow the server's answer. A session the server knows but this
 * browser has no values for (signed in on another tab, storage cleared) is stored; a page the server
 * rendered knowing there was no live session (a cookie that expired or was revoked) drops the stale
 * values. Pages rendered without a cookie say nothing (`known` false) and change nothing.
 */
export function adoptServerSession(known: boolean, session: SsrSession | null): void {
  if (!known) return;
  if (!session) {
    if (read().signedIn && !getStored('token')) clearSession();
    return;
  }
  const current = read();
  if (current.nickname !== session.nickname || current.role !== session.role) {
    setStored(storedValuesOf(session));
  }
}

/**
 * Browsers signed in before cookie sessions keep the token in localStorage: it is traded once for the
 * cookie (POST /api/sesion/cookie with the bearer header), then removed. API calls wait for the trade.
 * A token the server no longer knows signs the browser out; a failed connection keeps it for next time.
 */
let migration: Promise<void> | null = null;

export function migrateStoredToken(): Promise<void> {
  const token = getStored('token');
  if (!token || typeof fetch !== 'function') return Promise.resolve();
  migration ??= fetch('/api/sesion/cookie', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  })
    .then((res) => {
      if (res.ok) setStored({ token: null });
      else if (res.status === 401) clearSession();
    })
    .catch(() => undefined)
    .finally(() => {
      migration = null;
    });
  return migration;
}

/** Resolves once a stored token (if any) was traded for the cookie; API calls await it. */
export function sessionReady(): Promise<void> {
  return migration ?? Promise.resolve();
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
  const server = useContext(ServerSessionContext);
  return useSyncExternalStore(subscribe, read, () => serverView(server?.session ?? null));
}

/**
 * A guard's redirect, taken by the server when it rendered for a known session (a 302 instead of a
 * page that would only move on after hydration). Anonymous renders and the browser ignore it.
 */
export function useServerRedirect(to: string | null): void {
  const known = useContext(ServerSessionContext) !== null;
  const record = useContext(HeadContext);
  if (known && to) record?.({ redirect: to });
}

// One object per server session, so React sees a stable server snapshot.
const serverViews = new WeakMap<SsrSession, SessionView>();
let lastServerView: SessionView | null = null;
function serverView(session: SsrSession | null): SessionView {
  if (!session) return anonymous;
  let view = serverViews.get(session);
  if (!view) serverViews.set(session, (view = sessionViewOf(session)));
  lastServerView = view;
  return view;
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
