import type { Visit, VisitInput } from '@encanto/core/touring';
import { api } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/query.ts';

export const giraPath = '/usuario/gira';

/** Her current and coming visits, earliest first. */
export const useGira = () => useApiQuery<Visit[]>(giraPath);

/** Replaces the whole list; the answer is the list as stored. */
export const saveGira = (list: VisitInput[]) => api<Visit[]>(giraPath, { method: 'PUT', body: list });
