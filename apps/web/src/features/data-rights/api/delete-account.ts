import type { DeleteAccount } from '@encanto/core/data-rights';
import { api } from '../../../lib/api-client.ts';

export const deleteAccount = (body: DeleteAccount) =>
  api<{ mensaje: string }>('/cuenta', { method: 'DELETE', body });
