import path from 'node:path';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { createCounters, type Counters } from './lib/counters.ts';
import { createMailTransport, type MailTransport } from './infra/mail/transport.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createDiskMediaStore, type MediaStore } from './infra/media/store.ts';
import { createRemoteImageFetcher, type RemoteImageFetcher } from './infra/media/remote-image.ts';
import { documentStoreFor, type DocumentStore } from './infra/documents/store.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation-bus.ts';
import { createLiveHub, type LiveHub } from './lib/live-events.ts';
import { countedTransport, createMetrics, type Metrics } from './modules/metrics/registry.ts';
import { timings } from '@encanto/core/constants';
import { createPushTransport, type PushTransport } from './infra/push/transport.ts';
import { loadVapidKeys } from './infra/push/vapid.ts';

/** Process-wide collaborators, built once from the config and closed with the app. */
export interface Services {
  /**
   * Sends what the outbox worker hands it: SMTP, or .eml files without SMTP_URL. Only the worker
   * (plugins/background.ts) uses it; everything else queues with `queueMail(tx, …)` (modules/mail).
   */
  mailTransport: MailTransport;
  /** The time every rule with a window, every stamp and every background job reads (lib/clock.ts). */
  clock: Clock;
  media: MediaStore;
  /** Identity documents, encrypted at rest apart from public media. */
  documents: DocumentStore;
  /** Serialised hot public reads (listings, cards), fresh within 5 s. */
  publicCache: ResponseCache;
  /** Shared store for rate limits and counters (REDIS_URL), else undefined: counters stay in this process. */
  redis: Redis | undefined;
  /** Outcome counters (wrong passwords, login lock-out), in Redis when there is one. */
  counters: Counters;
  /** Downloads a picture named by URL from a public address (profile photos given as a link). */
  remoteImages: RemoteImageFetcher;
  /** With REDIS_URL: tells the other instances to drop their public caches after a public write. */
  invalidation: InvalidationBus | undefined;
  /**
   * Live events for the open GET /api/eventos streams (new messages, meeting states): services publish
   * after their transaction commits; across instances through Redis with REDIS_URL.
   */
  live: LiveHub;
  /** With METRICS_TOKEN or METRICS_PORT. */
  metrics: Metrics | undefined;
  /**
   * Sends Web Push messages for the outbox worker (decision 0168), with the VAPID keys of the configuration
   * (or DATA_DIR/vapid.json outside production); its `publicKey` is what browsers subscribe with.
   */
  pushTransport: PushTransport;
  close(): Promise<void>;
}

/** `clock`: the time every service reads (a test passes the one it moves). */
export async function createServices(
  config: Config,
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
): Promise<Services> {
  const metrics = config.metrics.token || config.metrics.port ? createMetrics() : undefined;
  const plainTransport = createMailTransport(config, clock);
  const mailTransport = metrics ? countedTransport(plainTransport, metrics) : plainTransport;
  const media = config.s3
    ? (await import('./infra/media/s3-store.ts')).createS3MediaStore(config.s3)
    : createDiskMediaStore(path.join(config.dataDir, 'media'));
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const publicCache = new ResponseCache(
    clock,
    timings.listingCacheMs,
    undefined,
    config.memory.publicCacheMb * 2 ** 20,
  );
  const invalidation = config.redisUrl
    ? await createInvalidationBus(config.redisUrl, publicCache, log)
    : undefined;
  const live = await createLiveHub(
    { redisUrl: config.redisUrl, replayEvents: config.live.replayEvents },
    log,
  );
  const pushTransport = createPushTransport(config, await loadVapidKeys(config));
  return {
    mailTransport,
    pushTransport,
    clock,
    media,
    documents: documentStoreFor(config),
    publicCache,
    redis,
    counters: createCounters({ redis, enabled: config.rateLimit }),
    remoteImages: createRemoteImageFetcher(),
    invalidation,
    live,
    metrics,
    close: async () => {
      mailTransport.close();
      redis?.disconnect();
      await invalidation?.close();
      await live.close();
    },
  };
}

/**
 * Fails fast instead of queueing: a request never waits on a Redis that is down
 * (rate limits skip it, counters fall back to this process). Start-up waits for
 * the first connection, or its failure, so the first requests are counted too.
 */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(settle, 2500);
    function settle() {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    }
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  return redis;
}
