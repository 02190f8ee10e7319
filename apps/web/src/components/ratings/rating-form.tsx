import { useId, useState } from 'react';
import type { ZodType } from 'zod';
import { limits, ratingCriteria } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { clientRatingBodySchema, notesSchema, type Notes } from '@encanto/core/marketplace';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const fields = ['nota1', 'nota2', 'nota3', 'nota4', 'nota5'] as const;
const marks = Array.from({ length: limits.ratingMax - limits.ratingMin + 1 }, (_, i) => i + limits.ratingMin);
type FormValues = Record<(typeof fields)[number] | 'comentario', string>;
const empty: FormValues = { nota1: '', nota2: '', nota3: '', nota4: '', nota5: '', comentario: '' };
/** The marks, and her optional comment when the form asks for one (an escort rating a client). */
export type RatingInput = Notes & { comentario?: string | undefined };
const withComment = notesSchema.extend({ comentario: clientRatingBodySchema.shape.comentario });

/**
 * 'Calificar' opens five 1-10 dropdowns, named by `criteria` (a client rates an
 * escort on Puntual, Pieza, Trato, Apariencia, Oral; an escort rates a client on
 * his own, decision 0157, and may add a comment); 'Enviar calificación' validates
 * with the shared schema and sends. (The spec's 'Add' and 'Insert' were English leftovers.)
 */
export function RatingForm({
  onSubmit,
  failText,
  criteria = ratingCriteria,
  comment = false,
}: {
  onSubmit: (input: RatingInput) => Promise<void>;
  failText: string;
  criteria?: readonly string[];
  comment?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm<FormValues, RatingInput>(
    (comment ? withComment : notesSchema) as unknown as ZodType<RatingInput, FormValues>,
    { defaultValues: empty },
  );
  // The submit button shows the form's own isSubmitting, which lasts until run() settles.
  const { run } = useAction();

  if (!open) {
    return (
      <button type="button" className="button rating-add" onClick={() => setOpen(true)}>
        Calificar
      </button>
    );
  }

  const submit = form.handleSubmit(
    (input) => {
      setError(null);
      return run(() => onSubmit(input), {
        onSuccess: () => {
          form.reset(empty);
          setOpen(false);
        },
        onError: (err) => setError(errorText(err, failText)),
      });
    },
    (errors) => setError(errors.comentario?.message ?? msg.ratingIncomplete),
  );

  return (
    <form className="rating-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="rating-selects">
        {fields.map((name, i) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>{criteria[i]}</label>
            <select
              id={`${id}-${name}`}
              {...form.register(name)}
              aria-invalid={form.formState.errors[name] ? true : undefined}
            >
              <option value="">—</option>
              {marks.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {comment ? (
        <div className="field">
          <label htmlFor={`${id}-comentario`}>Comentario (opcional)</label>
          <textarea
            id={`${id}-comentario`}
            rows={3}
            maxLength={limits.clientRatingCommentMax}
            {...form.register('comentario')}
            aria-invalid={form.formState.errors.comentario ? true : undefined}
          />
        </div>
      ) : null}
      <div className="rating-form-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Enviar calificación
        </button>
        <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
          Cancelar
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
