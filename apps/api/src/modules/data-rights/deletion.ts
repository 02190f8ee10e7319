import { msg } from '@encanto/core/messages';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { HOLDER_ACTOR, recordDecision } from '../audit/service.ts';
import { deleteImageIfUnused } from '../media/references.ts';
import {
  anonymiseAuthoredContent,
  deleteAccountRow,
  deleteMeetings,
  deleteReportsAbout,
  findAccountForDeletion,
  takeDocumentRow,
  takeMediaRows,
} from './queries.ts';

/**
 * Right to deletion. One transaction removes the account and, by cascade,
 * every row hanging from it (sessions, profile, favourites, meetings, blocks,
 * rectification requests, ratings and comments about the person); what the
 * person wrote about others stays anonymised. Files go after the commit: the
 * identity document and every variant of every photo or video, unless another
 * account shares the same bytes. Nickname, e-mail and RUT are free at once.
 */
export async function deleteOwnAccount(
  deps: Pick<Deps, 'db' | 'media' | 'documents' | 'log'>,
  accountId: string,
  password: string,
): Promise<void> {
  const { db, media, documents } = deps;
  const account = await findAccountForDeletion(db, accountId);
  if (!account) throw notFound();
  if (account.kind === 'admin') throw forbidden(msg.adminCannotDelete);
  if (!(await verifyPassword(account.passHash, password)))
    throw unauthorized(msg.deletePasswordWrong, 'WRONG_PASSWORD');

  const { files, document } = await db.transaction(async (tx) => {
    await anonymiseAuthoredContent(tx, accountId);
    await deleteMeetings(tx, accountId);
    await deleteReportsAbout(tx, accountId);
    const taken = await takeMediaRows(tx, accountId);
    const doc = await takeDocumentRow(tx, accountId);
    await recordDecision(tx, {
      adminId: null,
      adminNickname: HOLDER_ACTOR,
      accountId,
      accountNickname: account.nickname,
      action: 'cuenta_eliminada',
      reasons: null,
    });
    await deleteAccountRow(tx, accountId);
    return { files: taken, document: doc };
  });

  const results = await Promise.allSettled([
    ...files.map((f) => deleteImageIfUnused(db, media, f.publicId, f.variants)),
    ...(document ? [documents.delete(document.storageKey)] : []),
  ]);
  for (const r of results) {
    if (r.status === 'rejected')
      deps.log.error({ err: r.reason, accountId }, 'file of a deleted account could not be removed');
  }
}
