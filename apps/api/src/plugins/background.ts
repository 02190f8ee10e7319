import type { FastifyInstance } from 'fastify';
import { depsOf } from '../deps.ts';
import { startMailWorker, type MailWorker } from '../modules/mail/worker.ts';
import { publishDueReviews } from '../modules/ratings/service.ts';

/** How often reviews whose window ended join the averages (they are visible at once; only the sums wait). */
export const REVIEW_SWEEP_MS = 60_000;

export interface Background {
  mail: MailWorker;
  /** Adds the ratings whose window ended to the running sums; returns how many. */
  publishReviews(): Promise<number>;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

/** The in-process workers every instance runs: the mail outbox and the review sweep. */
export function registerBackground(app: FastifyInstance): Background {
  const deps = depsOf(app);
  const mail = startMailWorker({
    db: app.db,
    transport: app.services.mailTransport,
    log: app.log,
    pollMs: app.config.mailPollMs,
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
  const background: Background = {
    mail,
    publishReviews,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([mail.stop(), sweeping.catch(() => 0)]);
    },
  };
  app.decorate('background', background);
  return background;
}
