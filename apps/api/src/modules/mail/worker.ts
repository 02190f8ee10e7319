import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MailTransport } from '../../infra/mail/transport.ts';
import { claimDue, markFailed, markRetry, markSent, pruneSent, type OutboxRow } from './queries.ts';

/**
 * Hands a push row (channel 'push') to its sender (modules/push, wired by plugins/background.ts): 'sent',
 * or 'gone' when the subscription no longer exists (it has been removed, and the row with it). A throw is a
 * failure to retry like a mail's.
 */
export type PushSender = (row: OutboxRow) => Promise<'sent' | 'gone'>;

/** A push notice is about now: after these attempts (about 15 minutes of back-off) it is given up. */
export const PUSH_MAX_ATTEMPTS = 5;

export const mailRetry = {
  /** Attempts before a mail is given up (failed_at set, logged as an error). */
  maxAttempts: 8,
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** How long a claimed row stays reserved for the worker that claimed it. */
  leaseMs: 2 * 60_000,
  batch: 20,
  keepSentDays: 7,
} as const;

/** Exponential back-off: 30 s, 1 min, 2 min… capped at an hour. */
export const retryDelayMs = (attempt: number) =>
  Math.min(mailRetry.firstDelayMs * 2 ** Math.max(0, attempt - 1), mailRetry.maxDelayMs);

export interface MailWorker {
  /** Sends everything due now (tests call it instead of waiting for a poll). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** Subscribes to the outbox's commits (Database.listen); the returned function ends it. */
export type OutboxWakeups = (wake: () => void) => Promise<() => Promise<void>>;

/**
 * Sends what is due by the app's clock (so a test moves it past a back-off instead of waiting): at
 * once when `wakeups` says a row was committed (decision 0186), and every `pollMs` for retries and
 * anything a wake-up missed. Each instance runs one; SKIP LOCKED keeps two instances from sending the
 * same row.
 */
export async function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  clock: Clock;
  pollMs: number;
  push?: PushSender;
  wakeups?: OutboxWakeups;
}): Promise<MailWorker> {
  const { db, transport, log, clock, pollMs, push, wakeups } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> = Promise.resolve(0);
  let ticks = 0;

  const sendOne = async (row: OutboxRow) => {
    try {
      if (row.channel === 'push') {
        if (!push) throw new Error('no push sender in this process');
        // Gone: the subscription was removed, and this row with it (ON DELETE CASCADE).
        if ((await push(row)) === 'gone') return;
      } else {
        await transport.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          headers: row.headers,
        });
      }
      await markSent(db, row.id, clock.now());
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const maxAttempts = row.channel === 'push' ? PUSH_MAX_ATTEMPTS : mailRetry.maxAttempts;
      if (row.attempts >= maxAttempts) {
        await markFailed(db, row.id, clock.now(), error);
        log.error({ err, mailId: row.id, attempts: row.attempts }, 'mail given up');
      } else {
        await markRetry(db, row.id, new Date(clock.now().getTime() + retryDelayMs(row.attempts)), error);
        log.warn({ err, mailId: row.id, attempts: row.attempts }, 'mail not sent, will retry');
      }
    }
  };

  const once = async (): Promise<number> => {
    const rows = await claimDue(db, clock.now(), mailRetry.batch, mailRetry.leaseMs);
    for (const row of rows) await sendOne(row);
    return rows.length;
  };

  const drain = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await once();
      total += n;
      if (n < mailRetry.batch) return total;
    }
  };

  // One run at a time: a drain asked for while the poll runs waits for it, then runs.
  const serial = (work: () => Promise<number>) => {
    current = current.then(work, work);
    return current;
  };

  // A burst of commits while a run is queued needs no second run: the queued one reads them all.
  let woken = false;
  const wake = () => {
    if (stopped || woken) return;
    woken = true;
    serial(() => {
      woken = false;
      return drain();
    }).catch((err: unknown) => log.error({ err }, 'mail worker run failed'));
  };
  const unlisten = wakeups ? await wakeups(wake) : undefined;

  const loop = async () => {
    try {
      await serial(drain);
      // Roughly hourly at the default poll, old sent mail is removed.
      if (++ticks % Math.max(1, Math.round(3_600_000 / pollMs)) === 0)
        await pruneSent(db, new Date(clock.now().getTime() - mailRetry.keepSentDays * 86_400_000));
    } catch (err) {
      log.error({ err }, 'mail worker run failed');
    }
    if (!stopped) timer = setTimeout(() => void loop(), pollMs);
  };
  timer = setTimeout(() => void loop(), pollMs);

  return {
    drain: () => serial(drain),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await current.catch(() => 0);
    },
  };
}
