import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import type { ResponseCache } from '../../lib/response-cache.ts';
import type { MailTransport } from '../../infra/mail/transport.ts';
import { RequestHistogram } from './request-histogram.ts';

export type LoginKind = 'cliente' | 'escort' | 'admin';

/** One registry per app (tests build several apps in one process; prom-client's global one would clash). */
export interface Metrics {
  registry: Registry;
  /** Its `_count` is the request count by route, method and status. */
  requests: RequestHistogram;
  logins: Counter<'kind' | 'outcome'>;
  mail: Counter<'outcome'>;
  /** Reads the pool and the public cache at scrape time, and times the database's queries. */
  watch(sources: {
    database: Database;
    publicCache: ResponseCache;
    invalidation: InvalidationBus | undefined;
  }): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestHistogram();
  registry.registerMetric(requests as unknown as Parameters<Registry['registerMetric']>[0]);
  const logins = new Counter({
    name: 'encanto_logins_total',
    help: 'Login attempts by account kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const mail = new Counter({
    name: 'encanto_mail_total',
    help: 'Outgoing mail by outcome (sent, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'encanto_db_query_duration_seconds',
    help: 'Database query time',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  return {
    registry,
    requests,
    logins,
    mail,
    watch({ database, publicCache, invalidation }) {
      database.observeQueries((seconds) => queryDuration.observe(seconds));
      // Read at scrape time: the hot path only bumps two integers in the cache itself.
      new Counter({
        name: 'encanto_public_cache_requests_total',
        help: 'Public cache lookups (listings, cards, pages) by result: hit, or miss (computed or joined a computation)',
        labelNames: ['result'] as const,
        registers: [registry],
        collect() {
          this.reset();
          this.inc({ result: 'hit' }, publicCache.hits);
          this.inc({ result: 'miss' }, publicCache.misses);
        },
      });
      if (invalidation)
        new Counter({
          name: 'encanto_public_cache_invalidations_total',
          help: 'Cross-instance invalidations over Redis: sent by this instance, received from others',
          labelNames: ['direction'] as const,
          registers: [registry],
          collect() {
            this.reset();
            this.inc({ direction: 'sent' }, invalidation.published);
            this.inc({ direction: 'received' }, invalidation.received);
          },
        });
      new Gauge({
        name: 'encanto_db_pool_connections',
        help: 'Database pool connections by state (total, idle, waiting clients) and its maximum',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const s = database.poolStats();
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
          this.set({ state: 'max' }, s.max);
        },
      });
    },
  };
}

/** Counts what the outbox worker hands to SMTP (or the .eml outbox): a queued mail is not yet sent. */
export function countedTransport(transport: MailTransport, metrics: Metrics): MailTransport {
  return {
    async send(mail) {
      try {
        await transport.send(mail);
      } catch (err) {
        metrics.mail.inc({ outcome: 'failed' });
        throw err;
      }
      metrics.mail.inc({ outcome: 'sent' });
    },
    close: () => transport.close(),
  };
}
