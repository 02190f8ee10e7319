import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** One channel for every instance of a deployment sharing the Redis of REDIS_URL. */
export const LIVE_CHANNEL = 'encanto:live';

/**
 * What happened, as the services publish it. The stream turns each into its SSE event
 * (modules/live/streams.ts): a message's `autor` becomes the reader's `mio`.
 */
export type LiveEvent =
  | { tipo: 'mensaje'; cita: string; autor: string; mensaje: { id: number; texto: string; fecha: string } }
  | { tipo: 'cita'; cita: string; estado: string }
  /** The account read a conversation: its other tabs recount their badge. */
  | { tipo: 'leida'; cita: string };

/** An event on its way to the streams of some accounts; `id` is what a stream sends as its SSE id. */
export interface LiveEnvelope {
  id: string;
  to: readonly string[];
  event: LiveEvent;
}

type Listener = (envelope: LiveEnvelope) => void;

export interface LiveHub {
  /** Sends an event to every open stream of these accounts, on this instance and the others; never throws. */
  publish(to: readonly string[], event: LiveEvent): void;
  /** Calls `listener` with every event for `accountId`; returns the unsubscription. */
  subscribe(accountId: string, listener: Listener): () => void;
  /** Called when events may have been lost (Redis came back after an outage): every stream resyncs. */
  onGap(listener: () => void): () => void;
  /**
   * The account's events after `lastId`, for a stream reopened with Last-Event-ID; null when `lastId` is no
   * longer (or never was) in the replay window, so the stream tells the page to reread everything.
   */
  since(accountId: string, lastId: string): LiveEnvelope[] | null;
  /** Events published here, and received from other instances (metrics, tests). */
  readonly published: number;
  /** Accounts with an open stream on this instance (tests, bench). */
  readonly accounts: number;
  readonly received: number;
  close(): Promise<void>;
}

/**
 * The live events behind GET /api/eventos (decision 0158). Every event enters one ring shared by all the
 * streams of this process, the only buffer kept: a stream that reconnects with Last-Event-ID is replayed
 * its account's events from it, and a stream never holds a queue of its own (decision 0160).
 * With REDIS_URL the events also travel over Redis pub/sub, so a message written through one instance
 * reaches a stream held by another, like the public cache's invalidation (lib/invalidation-bus.ts);
 * every instance keeps the same ring, so a reconnection may land on any of them.
 */
export async function createLiveHub(
  options: { redisUrl?: string | undefined; replayEvents: number },
  log: FastifyBaseLogger,
): Promise<LiveHub> {
  const origin = randomBytes(4).toString('hex');
  let seq = 0;
  const ring: LiveEnvelope[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const gapListeners = new Set<() => void>();
  let published = 0;
  let received = 0;

  const deliver = (envelope: LiveEnvelope) => {
    ring.push(envelope);
    // Amortised trim: drop a batch once the ring is a quarter over its size.
    if (ring.length > options.replayEvents * 1.25) ring.splice(0, ring.length - options.replayEvents);
    for (const accountId of envelope.to) {
      for (const listener of listeners.get(accountId) ?? []) listener(envelope);
    }
  };

  const redis = options.redisUrl ? await connectBus(options.redisUrl, origin, log) : undefined;
  if (redis) {
    redis.onMessage = (envelope) => {
      received++;
      deliver(envelope);
    };
    redis.onGap = () => {
      for (const listener of gapListeners) listener();
    };
  }

  return {
    publish(to, event) {
      if (to.length === 0) return;
      const envelope: LiveEnvelope = { id: `${origin}.${(++seq).toString(36)}`, to: [...new Set(to)], event };
      published++;
      deliver(envelope);
      redis?.publish(envelope);
    },
    subscribe(accountId, listener) {
      let set = listeners.get(accountId);
      if (!set) listeners.set(accountId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(accountId) === set) listeners.delete(accountId);
      };
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    since(accountId, lastId) {
      let at = -1;
      for (let i = ring.length - 1; i >= 0; i--) {
        if (ring[i]!.id === lastId) {
          at = i;
          break;
        }
      }
      if (at < 0) return null;
      return ring.slice(at + 1).filter((e) => e.to.includes(accountId));
    },
    get published() {
      return published;
    },
    get received() {
      return received;
    },
    get accounts() {
      return listeners.size;
    },
    async close() {
      listeners.clear();
      gapListeners.clear();
      redis?.close();
    },
  };
}

interface Bus {
  publish(envelope: LiveEnvelope): void;
  onMessage: (envelope: LiveEnvelope) => void;
  onGap: () => void;
  close(): void;
}

/** Pub/sub over Redis, built like the invalidation bus: fail fast, never queue, resubscribe on reconnection. */
async function connectBus(redisUrl: string, origin: string, log: FastifyBaseLogger): Promise<Bus> {
  const { Redis } = await import('ioredis');
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false } as const;
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, { ...options, autoResubscribe: false });
  let down = false;
  const onError = (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'redis unavailable: live events reach only the streams of this instance');
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const bus: Bus = {
    publish(envelope) {
      if (publisher.status !== 'ready') return;
      publisher.publish(LIVE_CHANNEL, JSON.stringify({ origin, envelope })).catch(() => {});
    },
    onMessage: () => {},
    onGap: () => {},
    close() {
      closeQuietly(publisher);
      closeQuietly(subscriber);
    },
  };
  let subscribedOnce = false;
  let subscribed: () => void = () => {};
  const first = new Promise<void>((resolve) => (subscribed = resolve));
  subscriber.on('ready', () => {
    subscriber
      .subscribe(LIVE_CHANNEL)
      .then(() => {
        // Events sent while the subscription was down are lost: the streams reread.
        if (subscribedOnce) bus.onGap();
        subscribedOnce = true;
        down = false;
        subscribed();
      })
      .catch(() => {});
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== LIVE_CHANNEL) return;
    try {
      const parsed = JSON.parse(message) as { origin: string; envelope: LiveEnvelope };
      if (parsed.origin === origin) return;
      bus.onMessage(parsed.envelope);
    } catch {
      // Not ours: another writer on the channel.
    }
  });
  await Promise.race([first, new Promise((r) => setTimeout(r, 2000).unref())]);
  return bus;
}

function closeQuietly(redis: Redis): void {
  redis.removeAllListeners('ready');
  redis.disconnect();
}
