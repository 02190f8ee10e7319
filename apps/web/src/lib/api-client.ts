import type { ApiErrorBody } from '@encanto/core/api-error';
import { msg } from '@encanto/core/messages';
import { sessionReady } from './session.ts';

/** An error answer from the API: its status and the one error body every route answers with. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly mensaje: string;
  readonly fields: Record<string, string>;

  /** `body` is null when nothing usable came back: no connection (status 0) or a body of another shape. */
  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.mensaje || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 'HTTP_ERROR';
    this.mensaje = body?.mensaje ?? '';
    this.fields = body?.fields ?? {};
  }
}

/**
 * Reads an error answer with the shared schema (packages/core/src/api-error.ts); anything else, such as a
 * proxy's HTML page, keeps only its status. The schema (and zod with it) loads with the first error rather
 * than with every page: a visitor's first view carries no zod (e2e/budget.test.ts), and the screens that
 * fail most, the forms, have loaded zod already.
 */
export async function toApiError(status: number, data: unknown): Promise<ApiError> {
  const schema = await import('@encanto/core/api-error').then(
    (m) => m.apiErrorSchema,
    () => null,
  );
  const parsed = schema?.safeParse(data);
  return new ApiError(status, parsed?.success ? parsed.data : null);
}

/**
 * Whether a call failed without an answer: no connection (fetch's TypeError: Chromium's "Failed to fetch",
 * Firefox's "NetworkError…", Safari's "Load failed"; an upload's status 0) or a device that says it is offline.
 */
export function isOffline(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 0;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return err instanceof TypeError && /fetch|network|load failed/i.test(err.message);
}

/**
 * The words for a failed call: the server's Spanish `mensaje` when it sent one; "Sin conexión…" when none
 * came back (decision 0150); else the screen's fallback.
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.mensaje) return err.mensaje;
  return isOffline(err) ? msg.offline : fallback;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Multipart uploads go through uploadWithProgress instead. */
  signal?: AbortSignal;
  /** A 401 is the answer itself (the renewal's own login, a retried call): no password dialog. */
  noRenewal?: boolean;
}

/**
 * The one API client: sends JSON, turns error answers into ApiError. The session travels in its
 * HttpOnly cookie (same-origin), never in a header a script builds; a token still stored by an older
 * version of the app is traded for the cookie first (sessionReady).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  await sessionReady();
  const response = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  if (!response.ok) {
    const error = await toApiError(response.status, parseJson(text));
    // A write refused because the session ended (decision 0144): ask for the password in place, then send
    // the same request again. The screen's promise just takes longer: its form keeps every value.
    if (error.code === 'UNAUTHORIZED' && options.method && options.method !== 'GET' && !options.noRenewal) {
      const renew = sessionRenewal;
      if (renew && (await renew())) return api<T>(path, { ...options, noRenewal: true });
    }
    throw error;
  }
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Who asks for the password when a write finds the session ended: the signed-in layout's dialog
 * (components/session-renewal-dialog.tsx) registers itself; it resolves true once signed in again.
 */
let sessionRenewal: (() => Promise<boolean>) | null = null;
export function handleSessionRenewal(handler: (() => Promise<boolean>) | null): void {
  sessionRenewal = handler;
}

/** Multipart upload with progress (fetch has no upload progress, so XHR). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return new Promise((resolve, reject) => {
    // A same-origin XHR sends the session cookie by itself.
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else void toApiError(xhr.status, data).then(reject);
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
}
