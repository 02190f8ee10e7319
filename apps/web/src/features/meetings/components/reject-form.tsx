import { useId } from 'react';
import { meetingRules, rejectReasonFormSchema } from '@encanto/core/meetings';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

/** 'Rechazar' with an optional reason the client will read (plain text, 300 characters at most). */
export function RejectForm({
  onSubmit,
  onCancel,
  busy,
}: {
  onSubmit: (motivo: string) => Promise<void>;
  onCancel: () => void;
  busy: boolean;
}) {
  const id = useId();
  // The API's own rule for the reason (rejectBodySchema): trimmed, plain text, 300 at most.
  const form = useSchemaForm(rejectReasonFormSchema, { defaultValues: { motivo: '' } });
  const submit = form.handleSubmit(({ motivo }) => onSubmit(motivo ?? ''));
  const fieldError = form.formState.errors.motivo?.message;
  return (
    <form className="meeting-inline-form" aria-label="Rechazar solicitud" onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label htmlFor={`${id}-m`}>Motivo (opcional, lo leerá el cliente)</label>
        <textarea
          id={`${id}-m`}
          rows={2}
          maxLength={meetingRules.rejectReasonMax}
          placeholder="Por ejemplo: ese día no estoy disponible."
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-e` : undefined}
          {...form.register('motivo')}
        />
        {fieldError ? (
          <p id={`${id}-e`} className="field-error" role="alert">
            {fieldError}
          </p>
        ) : null}
      </div>
      <div className="rating-form-actions">
        <button type="submit" className="button button-danger" disabled={busy}>
          Rechazar solicitud
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Volver
        </button>
      </div>
    </form>
  );
}
