import { PassThrough } from 'node:stream';
import type { LiveEventData, LiveEventName } from '@encanto/core/live';
import type { MeetingSummary } from '@encanto/core/meetings';
import type { Deps } from '../../deps.ts';
import type { LiveEnvelope } from '../../lib/live-events.ts';
import { meetingSummary } from '../meetings/service.ts';
import { resolveSession, type SessionAccount } from '../sessions/service.ts';

type StreamDeps = Pick<Deps, 'db' | 'clock' | 'live' | 'config' | 'log'>;

/**
 * A slow reader may have this much unsent on its stream; past it the stream is cut and the browser
 * reconnects with Last-Event-ID (decision 0160), so a stalled phone never grows the server's memory.
 */
const MAX_UNSENT_BYTES = 64 * 1024;
/** How long after the browser loses a stream it tries again (SSE `retry:`). */
const RETRY_MS = 3000;
/** Events that reach an account in a burst are counted once for its badge. */
const RECOUNT_AFTER_MS = 50;

interface Stream {
  account: SessionAccount;
  token: string;
  body: PassThrough;
  /** When the session behind the stream was last found alive (clock ms). */
  checkedAt: number;
  closed: boolean;
}

interface AccountStreams {
  streams: Stream[];
  unsubscribe: () => void;
  recount: ReturnType<typeof setTimeout> | undefined;
}

const frame = <K extends LiveEventName>(name: K, data: LiveEventData<K>, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The SSE frame of an event for one reader (a message's author becomes `mio`). */
function frameFor(envelope: LiveEnvelope, reader: string): string {
  const e = envelope.event;
  switch (e.tipo) {
    case 'mensaje':
      return frame(
        'mensaje',
        { cita: e.cita, mensaje: { ...e.mensaje, mio: e.autor === reader } },
        envelope.id,
      );
    case 'cita':
      return frame(
        'cita',
        { cita: e.cita, estado: e.estado as LiveEventData<'cita'>['estado'] },
        envelope.id,
      );
    case 'leida':
      return frame('leida', { cita: e.cita }, envelope.id);
  }
}

export interface LiveStreams {
  /** Opens a stream for a signed-in account; `lastEventId` from a reconnecting browser. */
  open(account: SessionAccount, token: string, lastEventId: string | undefined): PassThrough;
  /** Open streams on this instance (bench, tests). */
  readonly size: number;
  closeAll(): void;
}

/**
 * The event streams this instance holds (decisions 0158-0161): per account at most
 * `config.live.streamsPerAccount`, the oldest told `fin` and closed when another opens; one hub
 * subscription per account, not per stream; one timer for every heartbeat and session re-check.
 * Nothing is queued per stream beyond the socket's own buffer (MAX_UNSENT_BYTES).
 */
export function createLiveStreams(deps: StreamDeps): LiveStreams {
  const { streamsPerAccount, heartbeatMs, sessionCheckMs } = deps.config.live;
  const byAccount = new Map<string, AccountStreams>();
  let size = 0;

  const write = (stream: Stream, chunk: string) => {
    if (stream.closed) return;
    // A reader that stopped reading: drop its socket rather than queue for it (decision 0160).
    if (stream.body.writableLength > MAX_UNSENT_BYTES) return close(stream, undefined, true);
    stream.body.write(chunk);
  };

  /** Ends a stream, after a last frame; `abort` drops the socket at once (nothing more can reach it). */
  function close(stream: Stream, last?: string, abort = false) {
    if (stream.closed) return;
    stream.closed = true;
    if (abort) stream.body.destroy();
    else stream.body.end(last);
    size--;
    const entry = byAccount.get(stream.account.id);
    if (!entry) return;
    entry.streams = entry.streams.filter((s) => s !== stream);
    if (entry.streams.length === 0) {
      entry.unsubscribe();
      clearTimeout(entry.recount);
      byAccount.delete(stream.account.id);
    }
  }

  const sendCount = async (account: SessionAccount, to: readonly Stream[]) => {
    let summary: MeetingSummary;
    try {
      summary = await meetingSummary(deps, account);
    } catch (err) {
      deps.log.warn({ err }, 'live: badge count failed');
      return;
    }
    for (const stream of to) write(stream, frame('contador', summary));
  };

  const scheduleRecount = (entry: AccountStreams) => {
    if (entry.recount) return;
    entry.recount = setTimeout(() => {
      entry.recount = undefined;
      const first = entry.streams[0];
      if (first) void sendCount(first.account, entry.streams);
    }, RECOUNT_AFTER_MS);
  };

  const entryFor = (account: SessionAccount): AccountStreams => {
    let entry = byAccount.get(account.id);
    if (entry) return entry;
    const created: AccountStreams = { streams: [], unsubscribe: () => {}, recount: undefined };
    created.unsubscribe = deps.live.subscribe(account.id, (envelope) => {
      const text = frameFor(envelope, account.id);
      for (const stream of created.streams) write(stream, text);
      scheduleRecount(created);
    });
    byAccount.set(account.id, created);
    entry = created;
    return entry;
  };

  // Redis came back after an outage: events may be lost, every page rereads.
  deps.live.onGap(() => {
    for (const entry of byAccount.values()) {
      for (const stream of entry.streams) write(stream, frame('sincronizar', {}));
      scheduleRecount(entry);
    }
  });

  // One timer for every stream: a comment line keeps proxies and phones from dropping an idle
  // connection, and every sessionCheckMs a stream's session is looked up again (a signed-out or
  // revoked session ends its streams; decision 0161).
  const timer = setInterval(() => {
    const now = deps.clock.now();
    for (const entry of byAccount.values()) {
      for (const stream of entry.streams) {
        write(stream, ':\n\n');
        if (now.getTime() - stream.checkedAt >= sessionCheckMs) {
          stream.checkedAt = now.getTime();
          resolveSession(deps.db, stream.token, now)
            .then((alive) => {
              if (!alive) close(stream, frame('fin', { motivo: 'sesion' }));
            })
            .catch(() => {});
        }
      }
    }
  }, heartbeatMs);
  timer.unref();

  return {
    open(account, token, lastEventId) {
      const body = new PassThrough();
      const stream: Stream = { account, token, body, checkedAt: deps.clock.now().getTime(), closed: false };
      const entry = entryFor(account);
      while (entry.streams.length >= streamsPerAccount) {
        close(entry.streams[0]!, frame('fin', { motivo: 'otra_pestana' }));
      }
      // close() of the last stream may have dropped the entry: take it again.
      const live = entryFor(account);
      live.streams.push(stream);
      size++;
      body.on('close', () => close(stream));
      let opening = `retry: ${RETRY_MS}\n\n`;
      if (lastEventId) {
        const missed = deps.live.since(account.id, lastEventId);
        opening += missed ? missed.map((e) => frameFor(e, account.id)).join('') : frame('sincronizar', {});
      }
      body.write(opening);
      void sendCount(account, [stream]);
      return body;
    },
    get size() {
      return size;
    },
    closeAll() {
      clearInterval(timer);
      for (const entry of [...byAccount.values()]) for (const stream of [...entry.streams]) close(stream);
    },
  };
}
