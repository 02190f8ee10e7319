import { api } from '../../../lib/api-client.ts';

/** "No fui yo" from a security notice mail: the link's token is the only credential. */
export const sayNotMe = (token: string) =>
  api<{ mensaje: string; tipo: 'client' | 'escort' | 'admin' }>('/seguridad/no-fui-yo', {
    method: 'POST',
    body: { token },
  });
