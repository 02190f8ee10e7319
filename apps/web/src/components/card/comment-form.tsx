import { useId, useState } from 'react';
import { msg } from '@encanto/core/messages';
import {
  commentFormSchema,
  commentMaxLength,
  commentMinLength,
  type CommentForm as Values,
  type MeetingPair,
} from '@encanto/core/marketplace';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { postComment } from '../../lib/api/comments.ts';
import { errorText } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { Field } from '../ui/field.tsx';

/**
 * The comment form, opened with 'Comentar'. The client's RUT and nick come
 * from the session; the server sets the date (Chilean day) and the likes, and
 * attaches the comment to the meeting it reviews. At least 10 characters.
 */
export function CommentForm({
  pair,
  onSaved,
  startOpen = false,
}: {
  pair: MeetingPair;
  onSaved: (mensaje: string) => void;
  /** Open at once, its field focused: the client signed in to comment (decision 0143). */
  startOpen?: boolean;
}) {
  const id = useId();
  const session = useSession();
  const [open, setOpen] = useState(startOpen);
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm<Values>(commentFormSchema, { defaultValues: { comentario: '' } });
  // The submit button shows the form's own isSubmitting, which lasts until run() settles.
  const { run } = useAction();

  if (!open) {
    return (
      <button type="button" className="button comment-open" onClick={() => setOpen(true)}>
        Comentar
      </button>
    );
  }

  const submit = form.handleSubmit(async ({ comentario }) => {
    setError(null);
    if (!session.signedIn || !session.rut || !session.nickname) {
      setError(msg.commentLoginRequired);
      return;
    }
    const rut = session.rut;
    await run(
      () =>
        postComment({
          rut_cliente: rut,
          comentario,
          likes: 0,
          nick_cliente: pair.nickname_cliente,
          nick_usuario: pair.nickname_usuario,
        }),
      {
        onSuccess: (res) => {
          form.reset();
          setOpen(false);
          onSaved(res.mensaje);
        },
        onError: (err) => setError(errorText(err, msg.commentSaveError)),
      },
    );
  });

  const fieldError = form.formState.errors.comentario?.message;
  return (
    <form className="comment-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        id={`${id}-c`}
        label="Tu comentario"
        error={fieldError}
        // The rule gives way to the error that names what is wrong.
        hint={
          fieldError
            ? undefined
            : `Mínimo ${commentMinLength} caracteres. Se publica cuando ambos califiquen o termine el plazo.`
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={commentMaxLength}
            placeholder={msg.commentPlaceholder}
            {...form.register('comentario')}
            // Only when opened for the client who signed in to comment: they came here to type.
            autoFocus={startOpen}
          />
        )}
      </Field>
      <div className="rating-form-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Enviar comentario
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          Cancelar
        </button>
      </div>
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
