import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryItem, GalleryList, GalleryUploadResult } from '@encanto/core/gallery';
import { api, uploadWithProgress } from '../api-client.ts';
import { apiKey, useApiQuery } from '../query.ts';
import { shrinkImage } from '../shrink-image.ts';

const enc = encodeURIComponent;
export const ownGalleryPath = (nickname: string) => `/upload/obtener-imagenes-por-usuario/${enc(nickname)}`;
export const publicGalleryPath = (nickname: string) => `/upload/escort-imagenes/${enc(nickname)}`;

/** The escort's own gallery (owner only). */
export const useOwnGallery = (nickname: string | null) =>
  useApiQuery<GalleryList>(nickname ? ownGalleryPath(nickname) : null, { staleTime: 0 });

/** The public gallery on a card; a hidden or unknown escort answers 404, shown as no gallery. */
export const usePublicGallery = (nickname: string, enabled = true) =>
  useApiQuery<GalleryList>(enabled ? publicGalleryPath(nickname) : null, { retry: false });

export const isVideoItem = (item: Pick<GalleryItem, 'tipo'>) => item.tipo === 'video';

export async function uploadGalleryFile(nickname: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  // Phone photos are resized in the browser (decision 0149); videos go as they are.
  const upload = await shrinkImage(file);
  form.append('file', upload, upload.name);
  return uploadWithProgress<GalleryUploadResult>(`/upload/subir-imagenes/${enc(nickname)}`, form, onProgress);
}

/** Images and videos go through their own calls, as the spec names them. */
export function useDeleteGalleryItem(nickname: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: GalleryItem) =>
      api<{ mensaje: string }>(
        isVideoItem(item)
          ? `/upload/eliminar-video/${enc(nickname)}/${enc(item.publicId)}`
          : `/upload/eliminar-perfil-usuario/${enc(nickname)}/${enc(item.publicId)}`,
        { method: 'DELETE' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKey(ownGalleryPath(nickname)) }),
  });
}

/** Her chosen order, every item once; the first is the cover. */
export const saveGalleryOrder = (nickname: string, orden: string[]) =>
  api<GalleryList>(`/upload/orden/${enc(nickname)}`, { method: 'PUT', body: { orden } });
