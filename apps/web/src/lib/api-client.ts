import { getStored } from './session.ts';

/** An error answer from the API, carrying its Spanish `mensaje`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly mensaje: string;
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    body: { mensaje?: string; code?: string; fields?: Record<string, string> } | null,
  ) {
    super(body?.mensaje ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code ?? 'HTTP_ERROR';
    this.mensaje = body?.mensaje ?? '';
    this.fields = body?.fields ?? {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Multipart uploads go through uploadWithProgress instead. */
  signal?: AbortSignal;
  /** Send without the stored token. */
  anonymous?: boolean;
}

/** The one API client: adds the bearer token, sends JSON, turns error bodies into ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.anonymous ? null : getStored('token');
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new ApiError(response.status, data as never);
  return data as T;
}

/** Multipart upload with progress (fetch has no upload progress, so XHR). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    const token = getStored('token');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new ApiError(xhr.status, data as never));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
}
