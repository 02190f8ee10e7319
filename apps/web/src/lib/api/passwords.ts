import { api } from '../api-client.ts';
import type { SessionView } from '../session.ts';

/**
 * 'CAMBIAR CONTRASEÑA' on both profiles: clients call cliente/modificar-pass, escorts
 * usuario/modificar-pass-por-pass, each naming the account as the spec's call does; the server
 * checks the current password and signs out every other device.
 */
export const changeOwnPassword = (session: SessionView, actual: string, nueva: string) =>
  session.role === 'usuario'
    ? api('/usuario/modificar-pass-por-pass', {
        method: 'PUT',
        body: { nickname: session.nickname, passActual: actual, newPass: nueva },
      })
    : api('/cliente/modificar-pass', {
        method: 'PUT',
        body: { rut_cliente: session.rut, passActual: actual, pass: nueva },
      });
