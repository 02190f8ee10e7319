import { api } from '../api-client.ts';
import { getStored } from '../session.ts';

/**
 * Signs the stored account in again with its password (decision 0144): the login answer sets a new
 * session cookie, and the stored display values stay (same account). Either login route takes either
 * kind of account (decision 0140); the stored RUT picks the one of its kind. 'second-factor' when the
 * account asks for a second step, which this in-place dialog does not take.
 */
export async function renewSession(pass: string): Promise<'ok' | 'second-factor'> {
  const email = getStored('email') ?? '';
  const route = getStored('rut_cliente') ? '/cliente/login' : '/usuario/login';
  const data = await api<Record<string, unknown>>(route, {
    method: 'POST',
    body: { email, pass },
    noRenewal: true,
  });
  return data && 'desafio' in data ? 'second-factor' : 'ok';
}
