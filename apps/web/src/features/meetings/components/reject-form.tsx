import { meetingRules, rejectReasonFormSchema } from '@encanto/core/meetings';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
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
  // The API's own rule for the reason (rejectBodySchema): trimmed, plain text, 300 at most.
  const form = useSchemaForm(rejectReasonFormSchema, { defaultValues: { motivo: '' } });
  const submit = form.handleSubmit(({ motivo }) => onSubmit(motivo ?? ''));
  return (
    <form className="meeting-inline-form" aria-label="Rechazar solicitud" onSubmit={(e) => void submit(e)}>
      <TextAreaField
        label="Motivo (opcional, lo leerá el cliente)"
        rows={2}
        maxLength={meetingRules.rejectReasonMax}
        placeholder="Por ejemplo: ese día no estoy disponible."
        error={form.formState.errors.motivo?.message}
        registration={form.register('motivo')}
      />
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
