import { useQueryClient } from '@tanstack/react-query';
import type { ClientProfile, EscortProfile } from '@encanto/core/accounts';
import type { Estado } from '@encanto/core/constants';
import type { ClientUpdate, EscortUpdate, ProfileImage, UploadResult } from '@encanto/core/profiles';
import { api, uploadWithProgress } from '../../../lib/api-client.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { shrinkImage } from '../../../lib/shrink-image.ts';

export type PhotoKind = 'escort' | 'cliente';

export const escortProfilePath = (rut: string) => `/usuario/profile/${encodeURIComponent(rut)}`;
export const clientProfilePath = (rut: string) => `/cliente/profile/${encodeURIComponent(rut)}`;
export const profileImagePath = (kind: PhotoKind, nick: string) =>
  `/upload/obtener-imagen-perfil-${kind}/${encodeURIComponent(nick)}`;

export function useEscortProfile(rut: string | null) {
  return useApiQuery<EscortProfile>(rut ? escortProfilePath(rut) : null, { staleTime: 0 });
}

/** The spec reads a client profile as the first element of an array. */
export function useClientProfile(rut: string | null) {
  return useApiQuery<ClientProfile[]>(rut ? clientProfilePath(rut) : null, { staleTime: 0 });
}

export function useProfileImage(kind: PhotoKind, nick: string | null) {
  return useApiQuery<ProfileImage>(nick ? profileImagePath(kind, nick) : null, { staleTime: 0 });
}

/** Refetches everything a profile screen shows after a change. */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => {
        const path = String(q.queryKey[1] ?? '');
        return (
          q.queryKey[0] === 'api' &&
          (path.includes('/profile/') || path.startsWith('/upload/obtener-imagen-perfil-'))
        );
      },
    });
}

export const updateEscortData = (body: EscortUpdate) =>
  api<{ mensaje: string }>('/usuario/modificar', { method: 'PUT', body });

export const updateEscortUrl = (nickname: string, url: string) =>
  api<{ mensaje: string; url: string }>('/usuario/modificar-url', { method: 'PUT', body: { nickname, url } });

export const changeEstado = (rut: string, estado: Estado) =>
  api<{ mensaje: string; estado: Estado }>(`/usuario/estado/${encodeURIComponent(rut)}`, {
    method: 'PUT',
    body: { estado },
  });

export const changeCity = (rut: string, ciudad: string) =>
  api<{ msg: string; ciudad: string }>(`/usuario/ciudad/${encodeURIComponent(rut)}`, {
    method: 'PUT',
    body: { ciudad },
  });

export const updateClientData = (body: ClientUpdate) =>
  api<{ mensaje: string }>('/cliente/modificar', { method: 'PUT', body });

export async function uploadProfilePhoto(
  kind: PhotoKind,
  nick: string,
  file: File,
  onProgress: (p: number) => void,
) {
  const form = new FormData();
  // The nickname goes first so the server reads it before the file's bytes.
  form.append('nickname', nick);
  // Resized in the browser to 2,048 px on its long side (decision 0149).
  form.append('file', await shrinkImage(file));
  return uploadWithProgress<UploadResult>(
    `/upload/subir-perfil-${kind}/${encodeURIComponent(nick)}`,
    form,
    onProgress,
  );
}

export const deleteProfilePhoto = (kind: PhotoKind, nick: string, publicId: string) =>
  api<{ mensaje: string }>(
    `/upload/eliminar-perfil-${kind}/${encodeURIComponent(nick)}/${encodeURIComponent(publicId)}`,
    {
      method: 'DELETE',
    },
  );

/** One step: the server stores the new photo, points the profile at it, then deletes the old one. */
export async function replaceProfilePhoto(nick: string, file: File, onProgress: (p: number) => void) {
  const form = new FormData();
  form.append('file', await shrinkImage(file));
  return uploadWithProgress<UploadResult>(
    `/upload/reemplazar-perfil-escort/${encodeURIComponent(nick)}`,
    form,
    onProgress,
    'PUT',
  );
}
