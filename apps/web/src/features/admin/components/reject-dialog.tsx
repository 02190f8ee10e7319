import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { limits } from '@encanto/core/constants';
import {
  clientRejectionReasons,
  escortRejectionReasons,
  joinReasons,
  rejectionFormSchema,
  rejectionMotivo,
  type RejectionForm,
  type ValidationKind,
} from '@encanto/core/validation';
import { Modal } from './modal.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Field } from '../../../components/ui/field.tsx';

/**
 * Rechazar: the spec's fixed reasons as checkboxes (at least one), plus the
 * admin's own words for what the presets cannot say ("el RUT no se lee"). The
 * person reads exactly the preview, so the admin writes it for them.
 */
export function RejectDialog({
  kind,
  nickname,
  onSubmit,
  onClose,
}: {
  kind: ValidationKind;
  nickname: string;
  onSubmit: (reasons: string[], detalle: string) => Promise<void>;
  onClose: () => void;
}) {
  const ids = useId();
  const reasons = kind === 'cliente' ? clientRejectionReasons : escortRejectionReasons;
  const form = useSchemaForm<RejectionForm>(rejectionFormSchema, {
    defaultValues: { reasons: [], detalle: '' },
  });
  const checked = useWatch({ control: form.control, name: 'reasons' });
  const detalle = useWatch({ control: form.control, name: 'detalle' });
  const reasonError = form.formState.errors.reasons?.message;
  const detailError = form.formState.errors.detalle?.message;
  const preview =
    checked.length > 0 ? rejectionMotivo(joinReasons(checked), detalle.replace(/\s+/g, ' ')) : null;
  return (
    <Modal title={`Rechazar a ${nickname}`} onClose={onClose}>
      <form
        className="reject-form"
        noValidate
        // The parsed values: the free text collapsed to one line, as the server stores it.
        onSubmit={form.handleSubmit((v) => onSubmit(v.reasons, v.detalle ?? ''))}
      >
        <fieldset className="field" aria-describedby={reasonError ? `${ids}-reasons` : undefined}>
          <legend>Motivo del rechazo</legend>
          {reasons.map((r) => (
            <label key={r} className="reject-reason">
              <input type="checkbox" value={r} {...form.register('reasons')} />
              <span>{r}</span>
            </label>
          ))}
        </fieldset>
        {reasonError && (
          <p className="field-error" id={`${ids}-reasons`} role="alert">
            {reasonError}
          </p>
        )}
        <Field
          id={`${ids}-detail`}
          label="Detalle para la persona (opcional)"
          error={detailError}
          hint={`Se agrega después de los motivos marcados. ${detalle.length}/${limits.rejectionDetailMax} caracteres.`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={limits.rejectionDetailMax}
              placeholder="Por ejemplo: el RUT de la foto no se alcanza a leer."
              {...form.register('detalle')}
            />
          )}
        </Field>
        {preview && (
          <div className="reject-preview">
            <span className="reject-preview-label">Motivo que verá la persona</span>
            <p>{preview}</p>
          </div>
        )}
        <div className="doc-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="button button-danger" disabled={form.formState.isSubmitting}>
            Rechazar
          </button>
        </div>
      </form>
    </Modal>
  );
}
