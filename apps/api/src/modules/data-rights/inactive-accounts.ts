import { retentionDays } from '@encanto/core/constants';
import type { Deps } from '../../deps.ts';
import { SYSTEM_ACTOR } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { inactiveAccountMail } from '../../mail-templates/inactive-account.ts';
import { eraseAccount } from './deletion.ts';
import {
  claimNotice,
  inactivePendingToDelete,
  inactivePendingToNotice,
  lockIfStillDue,
  type InactiveAccount,
} from './retention-queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
/** The notice gives this long to come back before the deletion, whatever the inactivity already is. */
const NOTICE_DAYS = retentionDays.inactivePendingDeletion - retentionDays.inactivePendingNotice;

/** When an account mailed at `noticeAt` is deleted if it stays inactive. */
function deletionDate(account: InactiveAccount, noticeAt: Date): Date {
  const byInactivity = account.lastActiveAt.getTime() + retentionDays.inactivePendingDeletion * DAY_MS;
  return new Date(Math.max(byInactivity, noticeAt.getTime() + NOTICE_DAYS * DAY_MS));
}

/**
 * A pending account (client or escort) with no sign-in for 60 days gets one
 * mail saying it will be deleted, with its identity document, unless the
 * person signs in before the date. The claim and its mail (a row of the outbox,
 * which sends it and retries) commit together, so two instances never mail
 * twice, and a transaction that fails leaves the notice unclaimed for the next
 * run. Returns how many notices were queued.
 */
export async function noticeInactivePending(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'log'>,
  now: Date,
): Promise<number> {
  const { db } = deps;
  const inactiveSince = daysBefore(now, retentionDays.inactivePendingNotice);
  let queued = 0;
  for (const account of await inactivePendingToNotice(db, inactiveSince)) {
    try {
      const claimed = await db.transaction(async (tx) => {
        if (!(await claimNotice(tx, account.id, inactiveSince, now))) return false;
        await queueMail(
          tx,
          deps,
          inactiveAccountMail,
          {
            nickname: account.nickname,
            recipientKind: account.kind === 'client' ? 'client' : 'escort',
            deletionDate: deletionDate(account, now).toISOString(),
          },
          { to: account.email, accountId: account.id },
        );
        return true;
      });
      if (claimed) queued += 1;
    } catch (err) {
      deps.log.warn({ err, accountId: account.id }, 'inactivity notice not queued; retrying at the next run');
    }
  }
  return queued;
}

/**
 * A pending account with no activity for 90 days, mailed at least 30 days
 * ago, is deleted like a holder's own deletion (account, document, photos),
 * with an audit line by the system. A sign-in in between clears the notice,
 * which the deletion re-checks under a row lock.
 */
export async function deleteInactivePending(
  deps: Pick<Deps, 'db' | 'media' | 'documents' | 'log'>,
  now: Date,
): Promise<number> {
  const inactiveSince = daysBefore(now, retentionDays.inactivePendingDeletion);
  const noticedBefore = daysBefore(now, NOTICE_DAYS);
  let deleted = 0;
  for (const account of await inactivePendingToDelete(deps.db, inactiveSince, noticedBefore)) {
    const erased = await eraseAccount(deps, account, {
      actor: SYSTEM_ACTOR,
      action: 'cuenta_eliminada_por_inactividad',
      reasons: `${retentionDays.inactivePendingDeletion} días sin actividad con la cuenta pendiente de validación`,
      stillDue: (tx) => lockIfStillDue(tx, account.id, inactiveSince, noticedBefore),
    });
    if (erased) deleted += 1;
  }
  return deleted;
}
