import type { Comment, CommentBody } from '@encanto/core/marketplace';
import { api } from '../api-client.ts';
import { useApiQuery } from '../query.ts';

export const commentsPath = (nick: string) => `/comments/nick_usuario/${encodeURIComponent(nick)}`;

export function useComments(nick: string, enabled: boolean) {
  return useApiQuery<Comment[]>(enabled ? commentsPath(nick) : null, {
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export const postComment = (body: CommentBody) =>
  api<{ mensaje: string; data: Comment }>('/comments/usuario/registro', { method: 'POST', body });

/** The count in the body is informative: the server adds exactly one. */
export const dislikeComment = (c: Comment) =>
  api<{ data: Comment }>(`/comments/usuario/likes/${c.id_comentario}`, {
    method: 'PUT',
    body: { likes: c.likes + 1 },
  });

export const undoDislike = (c: Comment) =>
  api<{ data: Comment }>(`/comments/usuario/likes/${c.id_comentario}`, { method: 'DELETE' });

export const deleteComment = (id: number) =>
  api<{ ok: true }>(`/comments/usuario/eliminar/${id}`, { method: 'DELETE' });
