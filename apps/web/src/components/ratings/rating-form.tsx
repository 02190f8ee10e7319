import { useId, useState } from 'react';
import type { ZodType } from 'zod';
import { limits, ratingCriteria } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { notesSchema, type Notes } from '@encanto/core/marketplace';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const fields = ['nota1', 'nota2', 'nota3', 'nota4', 'nota5'] as const;
const marks = Array.from({ length: limits.ratingMax - limits.ratingMin + 1 }, (_, i) => i + limits.ratingMin);
type FormValues = Record<(typeof fields)[number], string>;
const empty: FormValues = { nota1: '', nota2: '', nota3: '', nota4: '', nota5: '' };

/**
 * 'Calificar' opens five 1-10 dropdowns (Puntual, Pieza, Trato, Apariencia,
 * Oral); 'Enviar calificación' validates with the shared schema and sends.
 * Used in both directions. (The spec's 'Add' and 'Insert' were English leftovers.)
 */
export function RatingForm({
  onSubmit,
  failText,
}: {
  onSubmit: (notes: Notes) => Promise<void>;
  failText: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm<FormValues, Notes>(notesSchema as unknown as ZodType<Notes, FormValues>, {
    defaultValues: empty,
  });
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
    (notes) => {
      setError(null);
      return run(() => onSubmit(notes), {
        onSuccess: () => {
          form.reset(empty);
          setOpen(false);
        },
        onError: (err) => setError(errorText(err, failText)),
      });
    },
    () => setError(msg.ratingIncomplete),
  );

  return (
    <form className="rating-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="rating-selects">
        {fields.map((name, i) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>{ratingCriteria[i]}</label>
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
