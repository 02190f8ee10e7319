import { toApiError } from '../api-client.ts';

/**
 * Downloads GET /api/cuenta/exportar as a file: the JSON (or, with 'pagina', the same data as a page to
 * read; decision 0148) is fetched with the session cookie, then saved through a temporary object URL with
 * the name the server suggests.
 */
export async function downloadMyData(as: 'json' | 'pagina' = 'json'): Promise<string> {
  const response = await fetch(as === 'json' ? '/api/cuenta/exportar' : '/api/cuenta/exportar/pagina', {
    headers: { accept: as === 'json' ? 'application/json' : 'text/html' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw await toApiError(response.status, await response.json().catch(() => null));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename =
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? `mis-datos.${as === 'json' ? 'json' : 'html'}`;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
