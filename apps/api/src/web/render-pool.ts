import { Worker } from 'node:worker_threads';
import type { RenderOptions, RenderResult, ServerEntry, SsrSite } from '@encanto/core/ssr';

export interface RenderRequest {
  id: number;
  url: string;
  site: SsrSite;
  data: Record<string, unknown>;
  options: RenderOptions;
}
export type RenderReply = { id: number; result: RenderResult } | { id: number; error: string };

/** Renders pages: in this thread, or in render threads (RENDER_THREADS). */
export interface Renderer {
  render: ServerEntry['render'];
  close(): Promise<void>;
}

export const inThisThread = (entry: ServerEntry): Renderer => ({
  render: (url, site, data, options = {}) => entry.render(url, site, data, options),
  close: async () => {},
});

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (r: RenderResult) => void; reject: (e: Error) => void }>;
}

/**
 * Render threads (decision 0112): a page render is React's synchronous work, 1.5-3 ms that held the event
 * loop, so at 50 connections every request (API reads included) queued behind the renders. Each
 * thread loads the server bundle once; a render goes to the thread with the fewest renders in
 * flight, its inputs and result copied across (the data are the API answers, a few tens of kB).
 * A thread that dies fails its renders (500 for those pages) and is replaced.
 */
export async function renderThreads(entryUrl: string, count: number): Promise<Renderer> {
  let nextId = 0;
  let closing = false;
  /** Threads up and answering; a dead one leaves at once, its replacement joins when it is ready. */
  const live: Thread[] = [];
  let waiting: (() => void)[] = [];

  const start = (): Promise<Thread> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData: { entryUrl } });
      const thread: Thread = { worker, pending: new Map() };
      let dead = false;
      worker.on('message', (message: RenderReply | { ready: true }) => {
        if ('ready' in message) return resolve(thread);
        const waiter = thread.pending.get(message.id);
        if (!waiter) return;
        thread.pending.delete(message.id);
        if ('result' in message) waiter.resolve(message.result);
        else waiter.reject(new Error(`render thread: ${message.error}`));
      });
      const fail = (err: Error) => {
        if (dead) return;
        dead = true;
        for (const waiter of thread.pending.values()) waiter.reject(err);
        thread.pending.clear();
        reject(err);
        const at = live.indexOf(thread);
        if (at < 0) return;
        live.splice(at, 1);
        if (!closing) replace();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`render thread exited (${code})`)));
    });
  const join = (thread: Thread) => {
    live.push(thread);
    for (const wake of waiting.splice(0)) wake();
  };
  // A thread that cannot start (a broken bundle) is tried again each second, not in a tight loop.
  const replace = () => void start().then(join, () => setTimeout(replace, 1000).unref());

  for (const thread of await Promise.all(Array.from({ length: count }, start))) join(thread);

  return {
    render: async (url, site, data, options = {}) => {
      while (live.length === 0) await new Promise<void>((wake) => waiting.push(wake));
      const thread = live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<RenderResult>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, url, site, data, options } satisfies RenderRequest);
      });
    },
    close: async () => {
      closing = true;
      waiting = [];
      await Promise.all(live.map((t) => t.worker.terminate()));
    },
  };
}
