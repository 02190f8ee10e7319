import { useEffect } from 'react';
import { loadCommonPasswords } from '@encanto/core/passwords';

/**
 * Fetches the common-password list (a chunk of its own, about 4 KB gzip) when a
 * form that sets a password opens, so the shared schema can refuse those
 * passwords before submit. If it cannot load, the server refuses them with the
 * same message.
 */
export function useCommonPasswords(): void {
  useEffect(() => {
    loadCommonPasswords().catch(() => undefined);
  }, []);
}
