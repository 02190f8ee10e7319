import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  clientRejectionReasons,
  escortRejectionReasons,
  rejectionFormSchema,
  type RejectionForm,
  type ValidationKind,
} from '@encanto/core/validation';
import { Modal } from './modal.tsx';

/** Rechazar: the spec's fixed reasons as checkboxes; at least one. */
export function RejectDialog({
  kind,
  nickname,
  onSubmit,
  onClose,
}: {
  kind: ValidationKind;
  nickname: string;
  onSubmit: (reasons: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const reasons = kind === 'cliente' ? clientRejectionReasons : escortRejectionReasons;
  const form = useForm<RejectionForm>({
    resolver: zodResolver(rejectionFormSchema),
    defaultValues: { reasons: [] },
  });
  const error = form.formState.errors.reasons?.message;
  return (
    <Modal title={`Rechazar a ${nickname}`} onClose={onClose}>
      <form className="reject-form" noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.reasons))}>
        <fieldset className="field">
          <legend>Motivo del rechazo</legend>
          {reasons.map((r) => (
            <label key={r} className="reject-reason">
              <input type="checkbox" value={r} {...form.register('reasons')} />
              <span>{r}</span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="doc-actions">
          <button type="submit" className="button button-danger" disabled={form.formState.isSubmitting}>
            Rechazar
          </button>
        </div>
      </form>
    </Modal>
  );
}
