import { useEffect, useState } from 'react';
import type { DocumentInfo, UploadResult, ValidationKind } from '@encanto/core/validation';
import { limits } from '@encanto/core/constants';
import { api, ApiError, uploadWithProgress } from '../api-client.ts';
import { shrinkImage } from '../shrink-image.ts';
import { useApiQuery, useInvalidateApi } from '../query.ts';

/** Path segment of the upload routes: subir-validacion-escort | subir-validacion-cliente. */
export const uploadSegment = (kind: ValidationKind) => (kind === 'cliente' ? 'cliente' : 'escort');

export const documentInfoPath = (kind: ValidationKind, nickname: string) =>
  `/upload/obtener-imagen-validacion-${uploadSegment(kind)}/${encodeURIComponent(nickname)}`;

export async function uploadDocument(
  kind: ValidationKind,
  nickname: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  // nickname first: the server reads fields that precede the file.
  form.append('nickname', nickname);
  // Resized in the browser, large enough to read the document's small print (decision 0149).
  form.append('file', await shrinkImage(file, limits.documentLongSide));
  return uploadWithProgress<UploadResult>(
    `/upload/subir-validacion-${uploadSegment(kind)}/${encodeURIComponent(nickname)}`,
    form,
    onProgress,
  );
}

export function deleteDocument(
  kind: ValidationKind,
  nickname: string,
  publicId: string,
): Promise<{ mensaje: string }> {
  return api(
    `/upload/eliminar-validacion-${uploadSegment(kind)}/${encodeURIComponent(nickname)}/${encodeURIComponent(publicId)}`,
    {
      method: 'DELETE',
    },
  );
}

/**
 * The account's identity document (its private URL and id), or null when none was uploaded (404).
 * The owner's upload and status screens and the admin's viewer read the same path.
 */
export function useDocumentInfo(
  kind: ValidationKind,
  nickname: string,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  return useApiQuery<DocumentInfo | null>(nickname ? documentInfoPath(kind, nickname) : null, {
    notFound: null,
    retry: false,
    ...options,
  });
}

export function useRefreshDocumentInfo(kind: ValidationKind, nickname: string) {
  const invalidate = useInvalidateApi();
  return () => invalidate(documentInfoPath(kind, nickname));
}

export type PrivateImage =
  { status: 'idle' | 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/**
 * Identity documents are never behind a public URL: the bytes come from an
 * authenticated endpoint, so they are fetched with the session cookie and shown
 * through a blob URL that is revoked when the component lets go of it.
 */
export function usePrivateImage(url: string | null | undefined): PrivateImage {
  // The answer remembers its url: while another url loads, the old image is not shown.
  const [loaded, setLoaded] = useState<{ url: string; image: PrivateImage } | null>(null);
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    const controller = new AbortController();
    fetch(url, {
      credentials: 'same-origin',
      signal: controller.signal,
      cache: 'no-store',
    })
      .then(async (res) => {
        if (!res.ok) throw new ApiError(res.status, null);
        objectUrl = URL.createObjectURL(await res.blob());
        setLoaded({ url, image: { status: 'ready', src: objectUrl } });
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setLoaded({ url, image: { status: 'error' } });
      });
    return () => {
      controller.abort();
      // The blob URL dies here, so the answer that points at it goes too.
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setLoaded(null);
    };
  }, [url]);
  if (!url) return { status: 'idle' };
  return loaded?.url === url ? loaded.image : { status: 'loading' };
}
