// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { storageKeys } from '@encanto/core/constants';
import { useEndSession } from '../src/lib/logout.ts';
import { apiKey } from '../src/lib/query.ts';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function SignOut() {
  const end = useEndSession();
  const [done, setDone] = useState(false);
  return done ? (
    <p>Sesión cerrada</p>
  ) : (
    <button type="button" onClick={() => void end().then(() => setDone(true))}>
      Salir
    </button>
  );
}

/** A signed-in client whose answers (her profile, her meetings) sit in the query cache. */
function signedIn(logout: { status: number }) {
  setStored({ nickname: 'clientito', rut_cliente: '11111111-1', email: 'c@correo.cl' });
  const api = fakeApi({
    'POST /api/logout': { status: logout.status, body: { mensaje: 'Sesión cerrada.' } },
  });
  const view = renderHydrated(<SignOut />, {
    data: { '/cliente/profile/11111111-1': { nickname: 'clientito' }, '/citas': { citas: [] } },
  });
  return { ...view, api };
}

describe('one logout (lib/logout.ts)', () => {
  it.each([200, 500])(
    'revokes the session on the server, then forgets the stored keys and every cached answer (server %i)',
    async (status) => {
      const { user, api, queryClient } = signedIn({ status });
      expect(queryClient.getQueryData(apiKey('/citas'))).toBeDefined();
      await user.click(screen.getByRole('button', { name: 'Salir' }));
      expect(await screen.findByText('Sesión cerrada')).toBeTruthy();
      expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/logout']);
      expect(storageKeys.filter((k) => localStorage.getItem(k) !== null)).toEqual([]);
      // The next account on this browser starts from an empty cache, not from these answers.
      expect(queryClient.getQueryCache().getAll()).toEqual([]);
    },
  );

  it('is the only place that logs out: no other file posts /logout or clears the session by hand', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const files = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => ({ name: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(src, f), 'utf8') }));
    expect(files.filter((f) => f.text.includes("'/logout'")).map((f) => f.name)).toEqual(['lib/logout.ts']);
    // lib/session.ts drops a session the server no longer knows; every sign-out goes through lib/logout.ts.
    expect(
      files
        .filter((f) => /\bclearSession\(\)/.test(f.text))
        .map((f) => f.name)
        .sort(),
    ).toEqual(['lib/logout.ts', 'lib/session.ts']);
  });
});
