// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MyData } from '@encanto/core/data-rights';
import { ReviewNotice } from '../src/features/profiles/components/review-notice.tsx';
import { useMyData } from '../src/lib/api/my-data.ts';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const myData = (revision: MyData['revision']): MyData => ({
  tipo: 'usuario',
  nickname: 'vale',
  pausado: false,
  suspendido: revision !== null,
  revision,
  documento: null,
  retencion_dias: 30,
  rectificaciones: [],
  bloqueados: [],
});

/**
 * Beside the notice, a mark that shows once the page has its answer. Both read the same query, whose
 * answer reaches them in one render: when the mark is there, the notice has rendered with it too.
 */
function AnswerRead() {
  const { data } = useMyData();
  return data ? <span data-testid="answer-read" /> : null;
}

function open(revision: MyData['revision']) {
  setStored({ nickname: 'vale', rut_usuario: '12.345.678-5' });
  const api = fakeApi({ 'GET /api/cuenta/mis-datos': { body: myData(revision) } });
  const page = (
    <>
      <ReviewNotice />
      <AnswerRead />
    </>
  );
  return { ...renderHydrated(page, { url: '/ProfileUsuario' }), api };
}

describe('why her profile is hidden', () => {
  it('on hold: a report says she may be a minor, and an admin will review it', async () => {
    const { hydrationErrors, api } = open('en_espera');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Tu perfil está oculto');
    expect(notice.textContent).toContain('podrías ser menor de edad');
    expect(notice.textContent).toContain('Una persona de la administración revisará la denuncia');
    expect(api.calls[0]!.authorization).toBeNull();
    expect(hydrationErrors).toEqual([]);
  });

  it('suspended by an admin: says so without naming the report', async () => {
    open('suspendido');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('La administración suspendió tu perfil');
    expect(notice.textContent).not.toContain('menor');
    expect(notice.textContent).not.toContain('trata');
  });

  it('says nothing while the profile is not hidden by the site', async () => {
    const { api } = open(null);
    await screen.findByTestId('answer-read');
    expect(api.calls.length).toBe(1);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
