import http from 'node:http';

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: unknown;
  /** performance.now() when the frame arrived. */
  at: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every frame so far, in order; comments (heartbeats) counted apart. */
  events: SseEvent[];
  comments: number;
  /** The next event named `name` not yet taken (fails after `ms`). */
  next(name: string, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A minimal Server-Sent Events reader over a real socket (fastify.inject waits for a response's end,
 * which an event stream never reaches): parses `id:`, `event:`, `data:` and comment lines.
 */
export function openSse(
  baseUrl: string,
  headers: Record<string, string>,
  path = '/api/eventos',
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}${path}`,
      { headers: { accept: 'text/event-stream', ...headers } },
      (res) => {
        const events: SseEvent[] = [];
        let taken = 0;
        const waiting: (() => void)[] = [];
        let buffer = '';
        let endedResolve: () => void = () => {};
        const client: SseClient = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments: 0,
          async next(name, ms = 15_000) {
            const deadline = performance.now() + ms;
            for (;;) {
              const i = events.findIndex((e, idx) => idx >= taken && e.event === name);
              if (i >= 0) {
                taken = i + 1;
                return events[i]!;
              }
              const left = deadline - performance.now();
              if (left <= 0) throw new Error(`no "${name}" event within ${ms} ms: ${JSON.stringify(events)}`);
              await new Promise<void>((r) => {
                const timer = setTimeout(r, left);
                waiting.push(() => {
                  clearTimeout(timer);
                  r();
                });
              });
            }
          },
          ended: new Promise<void>((r) => (endedResolve = r)),
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            let id: string | undefined;
            const data: string[] = [];
            let comment = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comment = true;
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) {
              const text = data.join('\n');
              let parsed: unknown = text;
              try {
                parsed = JSON.parse(text);
              } catch {
                // a non-JSON body: kept as text (error answers)
              }
              events.push({ event, id, data: parsed, at: performance.now() });
            } else if (comment) client.comments++;
          }
          for (const wake of waiting.splice(0)) wake();
        });
        res.on('end', () => endedResolve());
        res.on('close', () => endedResolve());
        resolve(client);
      },
    );
    req.on('error', reject);
  });
}
