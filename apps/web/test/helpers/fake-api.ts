import { vi } from 'vitest';

/** One request the page made, as the server would have received it. */
export interface Call {
  method: string;
  /** Path and query, e.g. '/api/cliente/validar/nickname/vale'. */
  path: string;
  /** The JSON body, parsed. */
  body: unknown;
  /** The multipart form of an upload. */
  form?: FormData;
  authorization: string | null;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

/** An answer, or a function of the call giving one (async to hold the answer back, e.g. mid-upload). */
export type Route = Reply | ((call: Call) => Reply | Promise<Reply>);

/**
 * The network boundary of the component tests: `fetch` and, for uploads with progress, XMLHttpRequest,
 * answered from a table keyed 'METHOD /api/path?query'. Every call is recorded; a call with no answer
 * in the table is recorded in `unanswered` (and gets a 501) so a test can fail on it. The API itself is
 * covered by the API tests; here only the request a form makes and how it reads the answer count.
 */
export function fakeApi(routes: Record<string, Route> = {}) {
  const calls: Call[] = [];
  const unanswered: string[] = [];

  const answer = async (call: Call): Promise<Required<Reply>> => {
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const route = routes[key];
    if (!route) {
      unanswered.push(key);
      return { status: 501, body: { mensaje: `Sin respuesta de prueba para ${key}`, code: 'TEST' } };
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    return { status: reply.status ?? 200, body: reply.body };
  };
  const text = (body: unknown) => (body === undefined ? '' : JSON.stringify(body));

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const reply = await answer({
      method: init.method ?? 'GET',
      path: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    });
    return new Response(reply.status === 204 ? null : text(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });

  /** Reports half the bytes sent on the next tick, then answers, as a real upload would. */
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private authorization: string | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'authorization') this.authorization = value;
    }
    send(form: FormData) {
      setTimeout(() => void this.respond(form), 0);
    }
    private async respond(form: FormData) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      const reply = await answer({
        method: this.method,
        path: this.url,
        body: undefined,
        form,
        authorization: this.authorization,
      });
      this.status = reply.status;
      this.responseText = text(reply.body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);

  return {
    routes,
    calls,
    unanswered,
    /** The calls other than GETs: what the form asked the server to change. */
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

/** A file of a given size without allocating it (the pickers check the declared size). */
export function fakeFile(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
