import type { FastifyInstance } from 'fastify';
import { depsOf, type Deps } from '../../deps.ts';
import { recordDecision, SYSTEM_ACTOR } from '../audit/service.ts';
import { deleteDocumentIfSame, documentsApprovedBefore } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the job looks for documents past their retention. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** First run shortly after start, so a restart never postpones deletion by a whole interval. */
export const RETENTION_FIRST_RUN_MS = 60 * 1000;

/**
 * Deletes identity documents DOCUMENT_RETENTION_DAYS after the account's
 * approval: the file first, then the row. The audit log keeps only who decided
 * the approval and when, plus a line saying the document was deleted.
 * Returns how many documents were deleted.
 */
export async function purgeExpiredDocuments(
  deps: Pick<Deps, 'db' | 'documents' | 'config'>,
  now: Date = new Date(),
): Promise<number> {
  const { db, documents: store, config } = deps;
  const cutoff = new Date(now.getTime() - config.documentRetentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = await documentsApprovedBefore(db, cutoff);
    if (batch.length === 0) break;
    let progressed = false;
    for (const doc of batch) {
      const removed = await db.transaction(async (tx) => {
        if (!(await deleteDocumentIfSame(tx, doc.accountId, doc.storageKey))) return false;
        await recordDecision(tx, {
          adminId: null,
          adminNickname: SYSTEM_ACTOR,
          accountId: doc.accountId,
          accountNickname: doc.nickname,
          action: 'documento_eliminado_por_plazo',
          reasons: `${config.documentRetentionDays} días después de la aprobación`,
        });
        return true;
      });
      // The row is gone first, so no one can be pointed at a file that no longer exists.
      if (removed) {
        await store.delete(doc.storageKey);
        deleted += 1;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return deleted;
}

/** Starts the periodic job; the timers never keep the process alive and stop when the app closes. */
export function startRetentionJob(app: FastifyInstance): void {
  const deps = depsOf(app);
  const run = () => {
    purgeExpiredDocuments(deps).then(
      (n) => {
        if (n > 0) app.log.info({ deleted: n }, 'identity documents past retention deleted');
      },
      (err: unknown) => app.log.warn({ err }, 'document retention job failed; retrying at the next interval'),
    );
  };
  const first = setTimeout(run, RETENTION_FIRST_RUN_MS);
  first.unref();
  const interval = setInterval(run, RETENTION_INTERVAL_MS);
  interval.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(interval);
  });
}
