// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/lib/api-client.ts';
import {
  adoptServerSession,
  clearSession,
  getStored,
  hasStoredSession,
  migrateStoredToken,
  setStored,
} from '../src/lib/session.ts';

/** Decision 0108: the browser keeps no token; an old stored one is traded for the cookie once. */
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

type Call = { url: string; init: RequestInit };
function stubFetch(answer: (url: string) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return answer(url);
  });
  return calls;
}
const headerOf = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('the stored session', () => {
  it('is signed in from the display values alone, no token needed', () => {
    expect(hasStoredSession()).toBe(false);
    setStored({ nickname: 'vale', rut_usuario: '12.345.678-5' });
    expect(hasStoredSession()).toBe(true);
  });

  it('follows the server after hydration: stores a session it knows, drops values of a dead cookie', () => {
    adoptServerSession(true, {
      nickname: 'cata',
      role: 'cliente',
      rut: '11.111.111-1',
      email: 'c@x.cl',
      tipo: null,
    });
    expect(getStored('nickname')).toBe('cata');
    expect(getStored('rut_cliente')).toBe('11.111.111-1');
    expect(getStored('token')).toBeNull();
    // An anonymous shared render says nothing about the session: the values stay.
    adoptServerSession(false, null);
    expect(hasStoredSession()).toBe(true);
    adoptServerSession(true, null);
    expect(hasStoredSession()).toBe(false);
  });
});

describe('a token stored by an older app', () => {
  it('is traded for the cookie with one call, then removed; API calls wait for it and send no header', async () => {
    setStored({ token: 'viejo-token-de-la-app-anterior', nickname: 'vale', rut_usuario: '12.345.678-5' });
    const calls = stubFetch((url) =>
      url === '/api/sesion/cookie' ? new Response(null, { status: 204 }) : Response.json({ ok: true }),
    );
    void migrateStoredToken();
    await api('/cuenta/mis-datos');
    expect(calls.map((c) => c.url)).toEqual(['/api/sesion/cookie', '/api/cuenta/mis-datos']);
    expect(headerOf(calls[0]!, 'authorization')).toBe('Bearer viejo-token-de-la-app-anterior');
    expect(headerOf(calls[1]!, 'authorization')).toBeNull();
    expect(calls[1]!.init.credentials).toBe('same-origin');
    expect(getStored('token')).toBeNull();
    expect(hasStoredSession()).toBe(true);
  });

  it('a token the server no longer knows signs the browser out; a failed connection keeps it', async () => {
    setStored({ token: 'viejo-token-de-la-app-anterior', nickname: 'vale', rut_usuario: '12.345.678-5' });
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await migrateStoredToken();
    expect(getStored('token')).toBe('viejo-token-de-la-app-anterior');
    stubFetch(() => new Response(null, { status: 401 }));
    await migrateStoredToken();
    expect(getStored('token')).toBeNull();
    expect(hasStoredSession()).toBe(false);
  });

  it('without a stored token nothing is called', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    await migrateStoredToken();
    expect(calls).toEqual([]);
  });
});

describe('hydrating a page the server rendered for the session', () => {
  it('keeps the same session view when the stored values say the same (no re-render after hydration)', async () => {
    const { createElement, act } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { ServerSessionContext, useSession } = await import('../src/lib/session.ts');
    const session = {
      nickname: 'vale',
      role: 'usuario' as const,
      rut: '12.345.678-5',
      email: 'v@x.cl',
      tipo: null,
    };
    const views: unknown[] = [];
    function Reader() {
      const view = useSession();
      views.push(view);
      return createElement('p', null, view.nickname);
    }
    const tree = createElement(ServerSessionContext.Provider, { value: { session } }, createElement(Reader));
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    views.length = 0;
    setStored({ nickname: 'vale', rut_usuario: '12.345.678-5' });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = await act(async () => hydrateRoot(container, tree));
    // A second render with a new (equal) object would make a layout around a lazily loaded section drop
    // that section's server HTML for its skeleton.
    expect(views.length).toBe(1);
    expect(container.textContent).toBe('vale');
    act(() => root.unmount());
  });
});
