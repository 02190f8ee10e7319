import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ResponseCache } from './response-cache.ts';

/** One channel for every instance of a deployment sharing the Redis of REDIS_URL. */
export const INVALIDATION_CHANNEL = 'encanto:public-cache:clear';

export interface InvalidationBus {
  /** Tells every other instance that public data changed; never throws, never waits. */
  publish(): void;
  /** Messages sent, and messages from other instances applied (metrics, tests). */
  readonly published: number;
  readonly received: number;
  close(): Promise<void>;
}

/**
 * Cross-instance invalidation of the public cache over Redis pub/sub. A public
 * write clears this instance's cache (plugins/public-writes.ts) and publishes;
 * every other instance clears its own on the message, so a change is visible
 * everywhere within the message's trip (milliseconds) instead of the cache's
 * 5 s. Each message clears the whole cache: listings, cards and pages share
 * entries (a page holds the listing it renders), and a write is rare next to
 * the reads the cache absorbs. Redis down: publishing fails silently, and
 * every instance is back to fresh within 5 s; on reconnecting the subscriber
 * clears its cache once, since it may have missed messages meanwhile.
 */
export async function createInvalidationBus(
  redisUrl: string,
  cache: ResponseCache,
  log: FastifyBaseLogger,
): Promise<InvalidationBus> {
  const { Redis } = await import('ioredis');
  const origin = randomUUID();
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false } as const;
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, { ...options, autoResubscribe: false });
  let down = false;
  const onError = (err: Error) => {
    if (down) return; // one line per outage, not one per reconnection attempt
    down = true;
    log.warn({ err }, 'redis unavailable: public caches across instances fall back to their 5 s lifetime');
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  let subscribedOnce = false;
  let subscribed: () => void = () => {};
  const firstSubscription = new Promise<void>((resolve) => (subscribed = resolve));
  // Subscribes on every (re)connection; after an outage the cache is cleared once the subscription holds,
  // since messages sent meanwhile were missed.
  subscriber.on('ready', () => {
    subscriber
      .subscribe(INVALIDATION_CHANNEL)
      .then(() => {
        if (subscribedOnce) {
          cache.clear();
          log.info('redis back: public cache cleared after missed invalidations');
        }
        subscribedOnce = true;
        down = false;
        subscribed();
      })
      .catch(() => {});
  });
  let published = 0;
  let received = 0;
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== INVALIDATION_CHANNEL || message === origin) return;
    cache.clear();
    received++;
  });
  // Start-up waits for the subscription (a write elsewhere right after must reach this instance), but
  // not for long: with Redis down the instance serves anyway, fresh within 5 s.
  await Promise.race([firstSubscription, new Promise((r) => setTimeout(r, 2000).unref())]);
  return {
    publish() {
      if (publisher.status !== 'ready') return;
      published++;
      publisher.publish(INVALIDATION_CHANNEL, origin).catch(() => {});
    },
    get published() {
      return published;
    },
    get received() {
      return received;
    },
    async close() {
      closeQuietly(publisher);
      closeQuietly(subscriber);
    },
  };
}

function closeQuietly(redis: Redis): void {
  redis.removeAllListeners('ready');
  redis.disconnect();
}
