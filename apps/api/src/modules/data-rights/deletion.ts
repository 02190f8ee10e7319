import { msg } from '@encanto/core/messages';
import type { AuditAction } from '@encanto/core/validation';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { HOLDER_ACTOR, recordDecision } from '../audit/service.ts';
import { deleteImageIfUnused } from '../gallery/service.ts';
import { selfieKeysOf } from '../photo-verification/service.ts';
import {
  anonymiseAuthoredContent,
  deleteAccountRow,
  deleteMeetings,
  deleteReportsAbout,
  findAccountForDeletion,
  takeDocumentRow,
  takeMediaRows,
} from './queries.ts';

type EraseDeps = Pick<Deps, 'db' | 'media' | 'documents' | 'log'>;

/** Who the audit log names for an erasure and why. */
export interface Erasure {
  actor: string;
  action: AuditAction;
  reasons: string | null;
  /** Checked inside the transaction, the account row locked: false leaves the account as it is. */
  stillDue?: (tx: DbOrTx) => Promise<boolean>;
}

/**
 * Right to deletion. One transaction removes the account and, by cascade,
 * every row hanging from it (sessions, profile, favourites, meetings, blocks,
 * rectification requests, ratings and comments about the person); what the
 * person wrote about others stays anonymised. Files go after the commit: the
 * identity document and every variant of every photo or video, unless another
 * account shares the same bytes. Nickname, e-mail and RUT are free at once.
 */
export async function deleteOwnAccount(deps: EraseDeps, accountId: string, password: string): Promise<void> {
  const account = await findAccountForDeletion(deps.db, accountId);
  if (!account) throw notFound();
  if (account.kind === 'admin') throw forbidden(msg.adminCannotDelete);
  if (!(await verifyPassword(account.passHash, password)))
    throw unauthorized(msg.deletePasswordWrong, 'WRONG_PASSWORD');
  await eraseAccount(deps, account, { actor: HOLDER_ACTOR, action: 'cuenta_eliminada', reasons: null });
}

/**
 * The deletion itself, for the holder's request and for the retention job
 * (an account left pending without activity). Returns false when `stillDue`
 * said no, true once the account is gone.
 */
export async function eraseAccount(
  deps: EraseDeps,
  account: { id: string; nickname: string },
  erasure: Erasure,
): Promise<boolean> {
  const { db, media, documents } = deps;
  const accountId = account.id;
  const taken = await db.transaction(async (tx) => {
    if (erasure.stillDue && !(await erasure.stillDue(tx))) return null;
    await anonymiseAuthoredContent(tx, accountId);
    await deleteMeetings(tx, accountId);
    await deleteReportsAbout(tx, accountId);
    const files = await takeMediaRows(tx, accountId);
    const document = await takeDocumentRow(tx, accountId);
    // Selfie rows go with the account (cascade); their encrypted files are removed below.
    const selfies = await selfieKeysOf(tx, accountId);
    await recordDecision(tx, {
      adminId: null,
      adminNickname: erasure.actor,
      accountId,
      accountNickname: account.nickname,
      action: erasure.action,
      reasons: erasure.reasons,
    });
    await deleteAccountRow(tx, accountId);
    return { files, document, selfies };
  });
  if (!taken) return false;

  const results = await Promise.allSettled([
    ...taken.files.map((f) => deleteImageIfUnused(db, media, f)),
    ...(taken.document ? [documents.delete(taken.document.storageKey)] : []),
    ...taken.selfies.map((key) => documents.delete(key)),
  ]);
  for (const r of results) {
    if (r.status === 'rejected')
      deps.log.error({ err: r.reason, accountId }, 'file of a deleted account could not be removed');
  }
  return true;
}
