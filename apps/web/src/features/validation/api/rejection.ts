import { useMemo } from 'react';
import type { ValidationKind } from '@encanto/core/validation';
import { clearNotice, useNotices, type NoticeOwner } from '../../../lib/api/notices.ts';
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
 * there is no rejection. The notices' own read, so an upload refreshes it (useRefreshNotices).
 */
export function useRejection(kind: ValidationKind) {
  return useNotices(useNoticeOwner(kind), 'pendiente', (list) => list[0]?.motivo ?? null);
}

/** The approval notice is shown once: whichever screen shows it first tells the server to forget it. */
export const forgetApproval = (owner: NoticeOwner) => clearNotice(owner).catch(() => undefined);
