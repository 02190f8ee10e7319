import { api } from '../../../lib/api-client.ts';
import type { AccountType } from './availability.ts';

const endpoints: Record<AccountType, string> = {
  cliente: '/cliente/registro',
  usuario: '/usuario/registro',
};

/** 'Registrarse': the form's values as the spec's body; the answer's `sesion` signs her in. */
export const registerAccount = (type: AccountType, body: Record<string, unknown>) =>
  api<{ sesion?: unknown }>(endpoints[type], { method: 'POST', body });
