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
 * The in-process workers every instance runs: the mail outbox and the review, check-in and saved-search sweeps. Each
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
  const reviews = sweep(app, 'review sweep', REVIEW_SWEEP_MS, () => publishDueReviews(deps));
  const checkins = sweep(app, 'check-in sweep', CHECKIN_SWEEP_MS, () => sweepCheckins(deps));
  const searches = sweep(app, 'saved-search sweep', SAVED_SEARCH_SWEEP_MS, () => sweepSavedSearches(deps));
  const background: Background = {
    mail,
    publishReviews: reviews.run,
    sweepCheckins: checkins.run,
    sweepSavedSearches: searches.run,
    stop: async () => {
      await Promise.all([mail.stop(), reviews.stop(), checkins.stop(), searches.stop()]);
    },
  };
  app.decorate('background', background);
  return background;
}

/**
 * `work` every `everyMs` and whenever `run` is called, one run at a time in this process (other
 * processes are kept apart by SKIP LOCKED); a failed timed run is logged as "<what> failed".
 *
 * A timed run goes only when the app's clock has moved since the last run began: always in service (the
 * wall clock moves), never for a test's stopped clock, whose test runs each sweep itself between its
 * steps; a timed run landing between two steps would take the news the test's own run then asserts.
 */
function sweep<T>(app: FastifyInstance, what: string, everyMs: number, work: () => Promise<T>) {
  const clock = app.services.clock;
  let last: Promise<unknown> = Promise.resolve();
  let lastAt = clock.now().getTime();
  const begin = () => {
    lastAt = clock.now().getTime();
    return work();
  };
  const run = (): Promise<T> => {
    const next = last.then(begin, begin);
    last = next;
    return next;
  };
  const timer = setInterval(() => {
    if (clock.now().getTime() === lastAt) return;
    run().catch((err: unknown) => app.log.error({ err }, `${what} failed`));
  }, everyMs);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await last.catch(() => undefined);
    },
  };
}
