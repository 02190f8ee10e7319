import { useState } from 'react';
import { formatLongDate } from '@encanto/core/age';
import { limits } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { Comment } from '@encanto/core/marketplace';
import { errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { deleteComment, dislikeComment, useComments } from '../../lib/api/comments.ts';
import { useMeetingState, useRefreshMeetings } from '../../lib/api/meetings.ts';
import { useClientPair } from './cita-button.tsx';
import { CommentForm } from './comment-form.tsx';

/**
 * The comments of a profile. Clients see them with 'No Me Gusta (n)', usable
 * while their click flag holds, and the form once their meeting is accepted
 * and they have not commented today. The escort of the profile and admins
 * (`moderate`) get 'Eliminar' on comments with 3 or more dislikes. Comment
 * text is rendered as text, never as HTML.
 */
export function CommentsPanel({ nickname, moderate = false }: { nickname: string; moderate?: boolean }) {
  const session = useSession();
  const pair = useClientPair(nickname);
  const comments = useComments(nickname, session.token !== null);
  const state = useMeetingState(pair);
  const refresh = useRefreshMeetings();
  const [error, setError] = useState<string | null>(null);
  const { busyKey, run } = useAction<number>(refresh);

  const act = (id: number, work: () => Promise<unknown>, fail: string) => {
    setError(null);
    return run(work, { onError: (err) => setError(errorText(err, fail)) }, id);
  };

  const s = state.data;
  const canComment = pair !== null && s?.acceso === true && !s.comentadoHoy;
  const list = comments.data ?? [];

  return (
    <div className="comments-panel">
      {canComment ? <CommentForm pair={pair} onSaved={() => void refresh()} /> : null}
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {comments.isError ? (
        <p className="message message-error">{msg.commentsFetchError}</p>
      ) : comments.isPending ? (
        <div className="skeleton comments-skeleton" />
      ) : list.length === 0 ? (
        <p className="comments-empty">{msg.noComments}</p>
      ) : (
        <ul className="comments-list" data-testid="comments-list">
          {list.map((c) => (
            <CommentItem
              key={c.id_comentario}
              comment={c}
              canDislike={
                pair !== null &&
                s?.click === true &&
                c.nick_cliente.toLowerCase() !== pair.nickname_cliente.toLowerCase()
              }
              canDelete={moderate && c.likes >= limits.commentDislikesToDelete}
              busy={busyKey === c.id_comentario}
              onDislike={() => void act(c.id_comentario, () => dislikeComment(c), msg.likeError)}
              onDelete={() =>
                void act(c.id_comentario, () => deleteComment(c.id_comentario), msg.commentDeleteError)
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CommentItem(props: {
  comment: Comment;
  canDislike: boolean;
  canDelete: boolean;
  busy: boolean;
  onDislike: () => void;
  onDelete: () => void;
}) {
  const { comment: c } = props;
  return (
    <li className="comment">
      <div className="comment-head">
        <span className="comment-nick">{c.nick_cliente}</span>
        <time className="comment-date" dateTime={c.fecha}>
          {formatLongDate(c.fecha)}
        </time>
      </div>
      <p className="comment-text">{c.comentario}</p>
      <div className="comment-actions">
        <button
          type="button"
          className="button button-secondary comment-dislike"
          onClick={props.onDislike}
          disabled={!props.canDislike || props.busy}
        >
          No Me Gusta ({c.likes})
        </button>
        {props.canDelete ? (
          <button
            type="button"
            className="button button-danger"
            onClick={props.onDelete}
            disabled={props.busy}
          >
            Eliminar
          </button>
        ) : null}
      </div>
    </li>
  );
}
