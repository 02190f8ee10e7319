import type { FastifyInstance } from 'fastify';
import { depsOf } from '../deps.ts';
import { startMailWorker, type MailWorker } from '../modules/mail/worker.ts';
import { publishDueReviews } from '../modules/ratings/service.ts';
import { sweepCheckins } from '../modules/checkins/service.ts';
import { deliverPush } from '../modules/push/service.ts';
import { sweepSavedSearches } from '../modules/saved-searches/service.ts';

/** How often reviews whose window ended join the averages (they are visible at once; only the sums wait). */
export const REVIEW_SWEEP_MS = 60_000;
/** Check-ins past their deadline alert the contact "within one minute": a sweep every 20 s leaves room for a retry. */
export const CHECKIN_SWEEP_MS = 20_000;
/** New profiles for a saved search are told "within a minute" of the first (decision 0176): a look every 20 s. */
export const SAVED_SEARCH_SWEEP_MS = 20_000;

export interface Background {
  mail: MailWorker;
  /** Adds the ratings whose window ended to the running sums; returns how many. */
  publishReviews(): Promise<number>;
  /** Alerts the contacts of expired check-ins and reminds those 10 minutes from their deadline. */
  sweepCheckins(): Promise<{ alerts: number; reminders: number }>;
  /** Records the profiles new to each saved search and sends the notices due; returns how many went. */
  sweepSavedSearches(): Promise<number>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

/**
 * The in-process workers every instance runs: the mail outbox, the review sweep and the check-in clock. Each
 * reads the app's clock (`app.services.clock`), so a test moves time past a back-off or a deadline and runs
 * a sweep instead of waiting for one.
 */
export async function registerBackground(app: FastifyInstance): Promise<Background> {
  const deps = depsOf(app);
  const mail = await startMailWorker({
    db: app.db,
    transport: app.services.mailTransport,
    log: app.log,
    clock: app.services.clock,
    pollMs: app.config.mailPollMs,
    // Push notices share the outbox (decision 0168); their sender lives in the push module.
    push: (row) => deliverPush(deps, row),
    // A committed mail or push goes at once, not at the next poll (decision 0186).
    wakeups: (wake) => app.database.listen('mail_outbox', wake),
  });
  let sweeping: Promise<number> = Promise.resolve(0);
  const publishReviews = () => {
    sweeping = sweeping.then(
      () => publishDueReviews(deps),
      () => publishDueReviews(deps),
    );
    return sweeping;
  };
  const timer = setInterval(() => {
    publishReviews().catch((err: unknown) => app.log.error({ err }, 'review sweep failed'));
  }, REVIEW_SWEEP_MS);
  timer.unref();
  let checking: Promise<{ alerts: number; reminders: number }> = Promise.resolve({ alerts: 0, reminders: 0 });
  const checkins = () => {
    // One sweep at a time in this process; other processes are kept apart by SKIP LOCKED.
    checking = checking.then(
      () => sweepCheckins(deps),
      () => sweepCheckins(deps),
    );
    return checking;
  };
  const checkinTimer = setInterval(() => {
    checkins().catch((err: unknown) => app.log.error({ err }, 'check-in sweep failed'));
  }, CHECKIN_SWEEP_MS);
  checkinTimer.unref();
  let searching: Promise<number> = Promise.resolve(0);
  const savedSearches = () => {
    // One sweep at a time in this process; a notice's search row is locked with SKIP LOCKED across processes.
    searching = searching.then(
      () => sweepSavedSearches(deps),
      () => sweepSavedSearches(deps),
    );
    return searching;
  };
  const searchTimer = setInterval(() => {
    savedSearches().catch((err: unknown) => app.log.error({ err }, 'saved-search sweep failed'));
  }, SAVED_SEARCH_SWEEP_MS);
  searchTimer.unref();
  const background: Background = {
    mail,
    publishReviews,
    sweepCheckins: checkins,
    sweepSavedSearches: savedSearches,
    stop: async () => {
      clearInterval(timer);
      clearInterval(checkinTimer);
      clearInterval(searchTimer);
      await Promise.all([
        mail.stop(),
        sweeping.catch(() => 0),
        checking.catch(() => null),
        searching.catch(() => 0),
      ]);
    },
  };
  app.decorate('background', background);
  return background;
}
