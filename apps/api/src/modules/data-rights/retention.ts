import type { FastifyInstance } from 'fastify';
import { retentionDays } from '@encanto/core/constants';
import { depsOf, type Deps } from '../../deps.ts';
import { recordDecision, SYSTEM_ACTOR } from '../audit/service.ts';
import { purgeDecidedSelfies } from '../photo-verification/service.ts';
import { purgeRegistrationMarks } from '../signals/service.ts';
import { purgeAlerts } from '../alerts/service.ts';
import { deleteInactivePending, noticeInactivePending } from './inactive-accounts.ts';
import {
  deleteDocumentIfSame,
  documentsApprovedBefore,
  documentsRejectedBefore,
  type DueDocument,
} from './retention-queries.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the job looks for documents and accounts past their retention. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** First run shortly after start, so a restart never postpones deletion by a whole interval. */
export const RETENTION_FIRST_RUN_MS = 60 * 1000;

type DocumentDeps = Pick<Deps, 'db' | 'documents'>;

/**
 * Deletes each document the query finds, in batches: the row first (only if
 * it still names the same file), an audit line saying why, then the file.
 */
async function purgeDocuments(
  deps: DocumentDeps,
  due: () => Promise<DueDocument[]>,
  reasons: string,
): Promise<number> {
  const { db, documents: store } = deps;
  let deleted = 0;
  for (;;) {
    const batch = await due();
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
          reasons,
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

/**
 * Deletes identity documents DOCUMENT_RETENTION_DAYS after the account's
 * approval. The audit log keeps only who decided the approval and when, plus
 * a line saying the document was deleted. Returns how many were deleted.
 */
export function purgeExpiredDocuments(
  deps: Pick<Deps, 'db' | 'documents' | 'config'>,
  now: Date,
): Promise<number> {
  const days = deps.config.documentRetentionDays;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return purgeDocuments(
    deps,
    () => documentsApprovedBefore(deps.db, cutoff),
    `${days} días después de la aprobación`,
  );
}

/** Deletes a rejected document 30 days after its rejection, unless the person replaced it since. */
export function purgeRejectedDocuments(deps: DocumentDeps, now: Date): Promise<number> {
  const days = retentionDays.rejectedDocument;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return purgeDocuments(
    deps,
    () => documentsRejectedBefore(deps.db, cutoff),
    `${days} días después del rechazo`,
  );
}

export type RetentionDeps = Pick<Deps, 'db' | 'documents' | 'media' | 'config' | 'clock' | 'log'>;

/** One pass of every retention rule at `now` (the job passes the app's clock; tests pass the time they need). */
export async function runRetention(deps: RetentionDeps, now: Date) {
  return {
    approvedDocuments: await purgeExpiredDocuments(deps, now),
    rejectedDocuments: await purgeRejectedDocuments(deps, now),
    selfies: await purgeDecidedSelfies(deps, now),
    registrationMarks: await purgeRegistrationMarks(deps.db, now),
    safetyAlerts: await purgeAlerts(deps.db, now),
    inactiveNotices: await noticeInactivePending(deps, now),
    inactiveDeleted: await deleteInactivePending(deps, now),
  };
}

/** Starts the periodic job; the timers never keep the process alive and stop when the app closes. */
export function startRetentionJob(app: FastifyInstance): void {
  const deps = depsOf(app);
  const run = () => {
    runRetention(deps, deps.clock.now()).then(
      (counts) => {
        if (Object.values(counts).some((n) => n > 0)) app.log.info(counts, 'retention job');
      },
      (err: unknown) => app.log.warn({ err }, 'retention job failed; retrying at the next interval'),
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
