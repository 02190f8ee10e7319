import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ValidationKind } from '@encanto/core/validation';
import { clearNotice, fetchNotices, noticesKey, type NoticeOwner } from '../../../lib/api/notices.ts';
import { useSession } from '../../../lib/session.ts';

/** The signed-in account as the notice calls name it: RUT for clients, nickname for escorts (spec). */
export function useNoticeOwner(kind: ValidationKind): NoticeOwner | null {
  const session = useSession();
  const id = kind === 'cliente' ? session.rut : session.nickname;
  return useMemo(() => (id ? { kind, id } : null), [kind, id]);
}

/**
 * Why the administrator rejected the document, while the account is pending and
 * no new document has answered it (the server clears it on upload); null when
 * there is no rejection. Under the notices key, so an upload refreshes it.
 */
export function useRejection(kind: ValidationKind) {
  const owner = useNoticeOwner(kind);
  return useQuery({
    queryKey: [...noticesKey(owner), 'pendiente'],
    enabled: owner !== null,
    retry: false,
    staleTime: 0,
    queryFn: async () => (await fetchNotices(owner!, 'pendiente'))[0]?.motivo ?? null,
  });
}

/** The approval notice is shown once: whichever screen shows it first tells the server to forget it. */
export const forgetApproval = (owner: NoticeOwner) => clearNotice(owner).catch(() => undefined);
