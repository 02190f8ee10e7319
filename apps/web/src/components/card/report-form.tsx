import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { limits } from '@encanto/core/constants';
import {
  reportCreateSchema,
  reportReasonLabels,
  reportReasons,
  type ReportCreate,
} from '@encanto/core/data-rights';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { reportProfile } from '../../lib/api/reports.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { Field } from '../ui/field.tsx';

/**
 * The body of 'Denunciar perfil' (reasons, detail, send). Loaded when the dialog
 * first opens, so the form and its zod schema stay out of a card's first view.
 * The dialog remounts it on every opening, which starts it empty.
 */
export default function ReportForm({ nickname, close }: { nickname: string; close: () => void }) {
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm<ReportCreate, z.output<typeof reportCreateSchema>>(reportCreateSchema, {
    defaultValues: { nickname_usuario: nickname, detalle: '' },
  });
  const detail = useWatch({ control: form.control, name: 'detalle' }) ?? '';
  const errors = form.formState.errors;
  // The submit button shows the form's own isSubmitting, which lasts until run() settles.
  const { run } = useAction();

  const submit = form.handleSubmit((values) => {
    setError(null);
    return run(() => reportProfile(values), {
      onSuccess: (res) => setSent(res.mensaje),
      onError: (err) => setError(errorText(err, 'No se pudo enviar la denuncia. Inténtalo de nuevo.')),
    });
  });

  return sent ? (
    <div className="dr-dialog-body">
      <p className="message message-success" role="status">
        {sent}
      </p>
      <button type="button" className="button button-block" onClick={close} autoFocus>
        Cerrar
      </button>
    </div>
  ) : (
    <form className="form dr-dialog-body" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset
        className="field dr-reasons"
        aria-describedby={errors.motivo ? `${id}-motivo-error` : undefined}
      >
        <legend>¿Qué pasa con el perfil de {nickname}?</legend>
        {reportReasons.map((reason) => (
          <label key={reason} className="dr-reason">
            <input type="radio" value={reason} {...form.register('motivo')} />
            {reportReasonLabels[reason]}
          </label>
        ))}
        {errors.motivo && (
          <p className="field-error" id={`${id}-motivo-error`} role="alert">
            {errors.motivo.message}
          </p>
        )}
      </fieldset>
      <Field
        id={`${id}-detalle`}
        label="Cuéntanos más (opcional)"
        error={errors.detalle?.message}
        hint={`${detail.length}/${limits.reportDetailMax}`}
      >
        {(control) => (
          <textarea {...control} rows={4} maxLength={limits.reportDetailMax} {...form.register('detalle')} />
        )}
      </Field>
      <p className="field-hint">
        Tu denuncia es confidencial: el perfil denunciado no sabrá quién la hizo. Si alguien está en peligro,
        llama al 133 (Carabineros).
      </p>
      {error && (
        <p className="message message-error" role="alert">
          {error}
        </p>
      )}
      <div className="dr-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Enviando...' : 'Enviar denuncia'}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
