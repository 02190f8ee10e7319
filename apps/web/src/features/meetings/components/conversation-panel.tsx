import { useEffect, useId, useRef, useState } from 'react';
import { formatMeetingTime, formatShortTime } from '@encanto/core/chile-time';
import { chatPostSchema, meetingRules } from '@encanto/core/meetings';
import { msg } from '@encanto/core/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRefreshMeetings } from '../../../lib/api/meetings.ts';
import { postMessage, useConversation } from '../api/conversation.ts';

/**
 * The meeting's conversation: polled while the page is open (a new message
 * shows within seconds), read marks move as it is shown, so the badge and the
 * unread counts drop. Text only, rendered as text; Ctrl/⌘+Enter sends.
 */
export function ConversationPanel({ meetingId, otherName }: { meetingId: string; otherName: string }) {
  const id = useId();
  const query = useConversation(meetingId, true);
  const refreshMeetings = useRefreshMeetings();
  const { busy, run } = useAction(query.refetch);
  // Checked when sent, as the server checks it (same schema, same words); typing does not re-check.
  const form = useSchemaForm(chatPostSchema, { defaultValues: { texto: '' }, reValidateMode: 'onSubmit' });
  const [sendError, setSendError] = useState<string | null>(null);
  const error = form.formState.errors.texto?.message ?? sendError;
  const listRef = useRef<HTMLOListElement>(null);
  const messages = query.data?.mensajes ?? [];
  const lastId = messages.at(-1)?.id ?? 0;

  // A newly shown message is now read: the lists and the badge learn it at once, and the view follows it.
  useEffect(() => {
    if (!lastId) return;
    // Scroll the list only: scrollIntoView would move the whole page down to the conversation.
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
    void refreshMeetings();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new last message matters
  }, [lastId]);

  if (query.isPending) return <div className="skeleton chat-skeleton" />;
  if (query.isError)
    return <p className="message message-error">{errorText(query.error, msg.chatLoadError)}</p>;
  const c = query.data;

  const send = form.handleSubmit(({ texto }) =>
    run(() => postMessage(meetingId, texto), {
      onSuccess: () => form.reset(),
      onError: (err) => setSendError(errorText(err, msg.chatSendError)),
    }),
  );

  return (
    <div className="chat">
      {messages.length === 0 ? (
        <p className="chat-empty">
          Aún no hay mensajes. Escríbele a {otherName} para acordar los detalles sin compartir tu teléfono.
        </p>
      ) : (
        <ol
          className="chat-list"
          ref={listRef}
          aria-label={`Mensajes con ${otherName}`}
          data-testid="chat-list"
        >
          {messages.map((m) => (
            <li key={m.id} className={m.mio ? 'chat-msg chat-mine' : 'chat-msg'}>
              <span className="visually-hidden">{m.mio ? 'Tú:' : `${otherName}:`}</span>
              <p className="chat-text">{m.texto}</p>
              <time className="chat-time" dateTime={m.fecha}>
                {formatShortTime(m.fecha)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {c.abierta ? (
        <form
          className="chat-composer"
          onSubmit={(e) => {
            setSendError(null);
            void send(e);
          }}
        >
          <label className="visually-hidden" htmlFor={`${id}-t`}>
            Mensaje para {otherName}
          </label>
          <textarea
            id={`${id}-t`}
            rows={2}
            maxLength={meetingRules.chatTextMax}
            placeholder="Escribe un mensaje…"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-e` : undefined}
            {...form.register('texto')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                setSendError(null);
                void send();
              }
            }}
          />
          <button type="submit" className="button chat-send" disabled={busy}>
            <Icon name="send" size={18} />
            Enviar
          </button>
          {error ? (
            <p className="field-error chat-error" id={`${id}-e`} role="alert">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      <p className="chat-note">
        {c.abierta
          ? c.hasta
            ? `Abierta hasta el ${formatMeetingTime(c.hasta)}.`
            : null
          : 'Esta conversación terminó: puedes leerla, pero ya no escribir.'}
      </p>
    </div>
  );
}
