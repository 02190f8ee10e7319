/**
 * A render thread (render-pool.ts): loads the web app's server bundle and renders the pages the
 * main thread sends, so React's work runs beside the event loop instead of on it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerEntry } from '@encanto/core/ssr';
import type { RenderReply, RenderRequest } from './render-pool.ts';

const entry = (await import(workerData.entryUrl as string)) as ServerEntry;
const port = parentPort!;

const answer = async ({ id, url, site, data, options }: RenderRequest): Promise<RenderReply> => {
  try {
    return { id, result: await entry.render(url, site, data, options) };
  } catch (err) {
    return { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
};

port.on('message', (request: RenderRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
port.postMessage({ ready: true });
