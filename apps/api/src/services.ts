import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { createDiskMediaStore, type MediaStore } from './modules/media/store.ts';
import { documentStoreFor, type DocumentStore } from './modules/validation/document-store.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation-bus.ts';
import { countedMailer, createMetrics, type Metrics } from './modules/metrics/registry.ts';
import { timings } from '@encanto/core/constants';

/** Process-wide collaborators, built once from the config and closed with the app. */
export interface Services {
  mailer: Mailer;
  media: MediaStore;
  /** Identity documents, encrypted at rest apart from public media. */
  documents: DocumentStore;
  /** Serialised hot public reads (listings, cards), fresh within 5 s. */
  publicCache: ResponseCache;
  /** With REDIS_URL: tells the other instances to drop their public caches after a public write. */
  invalidation: InvalidationBus | undefined;
  /** With METRICS_TOKEN or METRICS_PORT. */
  metrics: Metrics | undefined;
  close(): Promise<void>;
}

export async function createServices(config: Config, log: FastifyBaseLogger): Promise<Services> {
  const metrics = config.metrics.token || config.metrics.port ? createMetrics() : undefined;
  const plainMailer = createMailer(config);
  const mailer = metrics ? countedMailer(plainMailer, metrics) : plainMailer;
  const media = config.s3
    ? (await import('./modules/media/s3-store.ts')).createS3MediaStore(config.s3)
    : createDiskMediaStore(path.join(config.dataDir, 'media'));
  const publicCache = new ResponseCache(timings.listingCacheMs);
  const invalidation = config.redisUrl
    ? await createInvalidationBus(config.redisUrl, publicCache, log)
    : undefined;
  return {
    mailer,
    media,
    documents: documentStoreFor(config),
    publicCache,
    invalidation,
    metrics,
    close: async () => {
      mailer.close();
      await invalidation?.close();
    },
  };
}
