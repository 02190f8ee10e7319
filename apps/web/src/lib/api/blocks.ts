import type { BlockInput } from '@encanto/core/data-rights';
import { api } from '../api-client.ts';

export const blockClient = (body: BlockInput) =>
  api<{ mensaje: string }>('/bloqueos', { method: 'POST', body });
export const unblockClient = (body: BlockInput) =>
  api<{ mensaje: string }>('/bloqueos', { method: 'DELETE', body });
