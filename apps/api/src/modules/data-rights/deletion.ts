import type { FastifyInstance } from 'fastify';
import { msg } from '@encanto/core/messages';
import { forbidden, notFound, unauthorized } from '../../errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { deleteImageIfUnused } from '../media/references.ts';
import { recordDecision } from '../reports/queries.ts';
import { documentStoreFor } from '../validation/document-store.ts';
import {
  anonymiseAuthoredContent,
  deleteAccountRow,
  deleteMeetings,
  deleteReportsAbout,
  findAccountForDeletion,
  takeDocumentRow,
  takeMediaRows,
} from './queries.ts';

/** The audit log names the person themselves as who decided a deletion. */
export const HOLDER_ACTOR = 'titular';

/**
 * Right to deletion. One transaction removes the account and, by cascade,
 * every row hanging from it (sessions, profile, favourites, meetings, blocks,
 * rectification requests, ratings and comments about the person); what the
 * person wrote about others stays anonymised. Files go after the commit: the
 * identity document and every variant of every photo or video, unless another
 * account shares the same bytes. Nickname, e-mail and RUT are free at once.
 */
export async function deleteOwnAccount(
  app: FastifyInstance,
  accountId: string,
  password: string,
): Promise<void> {
  const account = await findAccountForDeletion(app.db, accountId);
  if (!account) throw notFound();
  if (account.kind === 'admin') throw forbidden(msg.adminCannotDelete);
  if (!(await verifyPassword(account.passHash, password)))
    throw unauthorized(msg.deletePasswordWrong, 'WRONG_PASSWORD');

  const { files, document } = await app.db.transaction(async (tx) => {
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

  // The public card, listings, city pages and sitemap drop the profile at once on this instance.
  app.services.publicCache.clear();
  const store = app.services.media;
  const results = await Promise.allSettled([
    ...files.map((f) => deleteImageIfUnused(app.db, store, f.publicId, f.variants)),
    ...(document ? [documentStoreFor(app.config).delete(document.storageKey)] : []),
  ]);
  for (const r of results) {
    if (r.status === 'rejected')
      app.log.error({ err: r.reason, accountId }, 'file of a deleted account could not be removed');
  }
}
