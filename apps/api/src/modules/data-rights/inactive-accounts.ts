import { retentionDays } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { Deps } from '../../deps.ts';
import { SYSTEM_ACTOR } from '../audit/service.ts';
import { eraseAccount } from './deletion.ts';
import {
  claimNotice,
  inactivePendingToDelete,
  inactivePendingToNotice,
  lockIfStillDue,
  releaseNotice,
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
 * person signs in before the date. The notice is claimed before the mail is
 * sent, so two instances never mail twice; a failed mail is retried.
 */
export async function noticeInactivePending(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>,
  now: Date = new Date(),
): Promise<number> {
  const { db, config } = deps;
  const inactiveSince = daysBefore(now, retentionDays.inactivePendingNotice);
  let sent = 0;
  for (const account of await inactivePendingToNotice(db, inactiveSince)) {
    if (!(await claimNotice(db, account.id, inactiveSince, now))) continue;
    const login = account.kind === 'client' ? '/Login/clienteLogin' : '/Login/EscortLogin';
    try {
      await deps.mailer.send({
        to: account.email,
        subject: msg.inactivityMailSubject(config.siteName),
        text: msg.inactivityMailText({
          nickname: account.nickname,
          siteName: config.siteName,
          days: retentionDays.inactivePendingNotice,
          deletionDate: deletionDate(account, now).toISOString(),
          loginUrl: `${config.siteUrl}${login}`,
        }),
      });
      sent += 1;
    } catch (err) {
      await releaseNotice(db, account.id, now);
      deps.log.warn({ err, accountId: account.id }, 'inactivity notice not sent; retrying at the next run');
    }
  }
  return sent;
}

/**
 * A pending account with no activity for 90 days, mailed at least 30 days
 * ago, is deleted like a holder's own deletion (account, document, photos),
 * with an audit line by the system. A sign-in in between clears the notice,
 * which the deletion re-checks under a row lock.
 */
export async function deleteInactivePending(
  deps: Pick<Deps, 'db' | 'media' | 'documents' | 'log'>,
  now: Date = new Date(),
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
