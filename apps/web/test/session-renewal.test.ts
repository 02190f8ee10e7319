import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, handleSessionRenewal } from '../src/lib/api-client.ts';

/** Decision 0144: a write refused for an ended session asks for the password, then goes again. */

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ended = () => answer(401, { mensaje: 'Debes iniciar sesión para continuar.', code: 'UNAUTHORIZED' });

afterEach(() => {
  handleSessionRenewal(null);
  vi.unstubAllGlobals();
});

describe('the API client when the session ended', () => {
  it('asks once, then sends the same request with the same body', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(ended())
      .mockResolvedValueOnce(answer(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const ask = vi.fn().mockResolvedValue(true);
    handleSessionRenewal(ask);
    await expect(api('/usuario/datos', { method: 'PUT', body: { legenda: 'hola' } })).resolves.toEqual({
      ok: 1,
    });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect(second[0]).toBe(first[0]);
    expect(second[1].method).toBe('PUT');
    expect(second[1].body).toBe(JSON.stringify({ legenda: 'hola' }));
  });

  it('gives the screen the refusal when the password is not given, and never asks for reads or twice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(ended())),
    );
    const ask = vi.fn().mockResolvedValue(false);
    handleSessionRenewal(ask);
    const refused = await api('/usuario/datos', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
    await expect(api('/usuario/datos')).rejects.toBeInstanceOf(ApiError);
    expect(ask).toHaveBeenCalledTimes(1);
    // Signed in again but still refused: the second answer is the answer, no loop.
    ask.mockResolvedValue(true);
    await expect(api('/usuario/datos', { method: 'PUT', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('leaves a wrong password at login to the login screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(401, { mensaje: 'Credenciales', code: 'BAD_CREDENTIALS' })),
    );
    const ask = vi.fn().mockResolvedValue(true);
    handleSessionRenewal(ask);
    await expect(api('/usuario/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(ask).not.toHaveBeenCalled();
  });
});
