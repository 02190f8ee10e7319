import { useState } from 'react';
import { formatLongDate, formatMeetingTime } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import type { Comment } from '@encanto/core/marketplace';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSession } from '../../lib/session.ts';
import { deleteComment, dislikeComment, undoDislike, useComments } from '../../lib/api/comments.ts';
import { useMeetingState, useRefreshMeetings } from '../../lib/api/meetings.ts';
import { useClientPair } from './cita-button.tsx';
import { CommentForm } from './comment-form.tsx';
import { useResumeIntent } from './resume-intent.ts';

/**
 * The comments of a profile. Clients see them with 'No Me Gusta (n)', one per
 * comment that can be undone, usable once they met the escort; the form while
 * a meeting of theirs can still be reviewed. A client's own comment shows at
 * once, marked while it waits for both reviews; others see it once published.
 * 'Eliminar' shows where the server allows it (the author within 24 h; the
 * escort of the profile or an admin at 3+ dislikes). Text is rendered as text.
 *
 * `readOnly`: the escort reading her own card, or an admin (decision 0156). No form and no "No Me
 * Gusta", only the count ('Eliminar' where the server allows it); the server applies the double-blind
 * rule, so she sees published comments only.
 */
export function CommentsPanel({ nickname, readOnly = false }: { nickname: string; readOnly?: boolean }) {
  const session = useSession();
  const pair = useClientPair(nickname);
  const comments = useComments(nickname, session.signedIn);
  const state = useMeetingState(pair);
  const refresh = useRefreshMeetings();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { busyKey, run } = useAction<number>(refresh);

  const act = (id: number, work: () => Promise<unknown>, fail: string) => {
    setError(null);
    return run(work, { onError: (err) => setError(errorText(err, fail)) }, id);
  };

  const s = state.data;
  const canComment = pair !== null && s?.acceso === true && !s.comentadoHoy;
  // Back from the login 'Comentar' was tapped for (decision 0143): the form opens, or says why it cannot.
  const resume = useResumeIntent('comentar');
  const list = comments.data ?? [];

  return (
    <div className="comments-panel">
      {readOnly && session.role === 'usuario' ? (
        <p className="comments-own-note">
          Así ven los clientes los comentarios de tu tarjeta. Cada comentario se publica cuando ambos
          califican la cita o al cerrar su plazo.
        </p>
      ) : null}
      {canComment ? (
        <CommentForm
          pair={pair}
          startOpen={resume}
          onSaved={(mensaje) => {
            setSaved(mensaje);
            void refresh();
          }}
        />
      ) : resume && s ? (
        <p className="message" role="status">
          {s.comentadoHoy ? msg.commentAlreadyToday : msg.commentAccessRequired}
        </p>
      ) : null}
      {saved ? (
        <p className="message message-success" role="status">
          {saved}
        </p>
      ) : null}
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
          {list.map((c) => {
            const own = pair !== null && c.nick_cliente.toLowerCase() === pair.nickname_cliente.toLowerCase();
            return (
              <CommentItem
                key={c.id_comentario}
                comment={c}
                escort={nickname}
                canDislike={pair !== null && s?.click === true && !own}
                readOnly={readOnly}
                busy={busyKey === c.id_comentario}
                onDislike={() =>
                  void act(
                    c.id_comentario,
                    () => (c.no_me_gusta ? undoDislike(c) : dislikeComment(c)),
                    c.no_me_gusta ? msg.dislikeUndoError : msg.likeError,
                  )
                }
                onDelete={() =>
                  void act(c.id_comentario, () => deleteComment(c.id_comentario), msg.commentDeleteError)
                }
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}

function CommentItem(props: {
  comment: Comment;
  escort: string;
  canDislike: boolean;
  readOnly: boolean;
  busy: boolean;
  onDislike: () => void;
  onDelete: () => void;
}) {
  const { comment: c } = props;
  return (
    <li className={c.publicado ? 'comment' : 'comment comment-waiting'}>
      <div className="comment-head">
        <span className="comment-nick">{c.nick_cliente}</span>
        <time className="comment-date" dateTime={c.fecha}>
          {formatLongDate(c.fecha)}
        </time>
      </div>
      <p className="comment-text">{c.comentario}</p>
      {c.publicado ? null : (
        <p className="comment-wait">
          Solo tú lo ves por ahora: se publicará cuando {props.escort} también califique
          {c.publica_el ? ` o el ${formatMeetingTime(c.publica_el)}` : ''}.
        </p>
      )}
      <div className="comment-actions">
        {c.publicado && props.readOnly ? (
          <span className="comment-dislike-count">No Me Gusta ({c.likes})</span>
        ) : c.publicado ? (
          <button
            type="button"
            className={
              c.no_me_gusta
                ? 'button comment-dislike comment-dislike-on'
                : 'button button-secondary comment-dislike'
            }
            onClick={props.onDislike}
            disabled={!props.canDislike || props.busy}
            aria-pressed={c.no_me_gusta}
          >
            No Me Gusta ({c.likes})
          </button>
        ) : null}
        {c.eliminable ? (
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
