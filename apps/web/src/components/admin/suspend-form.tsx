import { useId } from 'react';
import { suspensionSchema, type Suspension } from '@encanto/core/data-rights';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { Field } from '../ui/field.tsx';

/**
 * "Suspender perfil" asks why before it acts (decision 0147): the reason goes to the escort by mail and
 * into the audit log, where the suspension can be undone. Shown in place of the report's buttons.
 */
export function SuspendForm({
  nickname,
  busy,
  onSubmit,
  onCancel,
}: {
  nickname: string;
  busy: boolean;
  onSubmit: (motivo: string) => Promise<unknown> | void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useSchemaForm<Suspension>(suspensionSchema, { defaultValues: { motivo: '' } });
  const error = form.formState.errors.motivo?.message;
  return (
    <form
      className="form suspend-form"
      noValidate
      aria-label={`Suspender el perfil de ${nickname}`}
      onSubmit={form.handleSubmit(async (v) => {
        await onSubmit(v.motivo);
      })}
    >
      <Field
        id={`${id}-motivo`}
        label="Motivo de la suspensión"
        error={error}
        hint={`${nickname} lo recibirá por correo. Podrás deshacer la suspensión desde el registro de decisiones.`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={500}
            placeholder="Por ejemplo: las fotos son de otra persona."
            autoFocus
            {...form.register('motivo')}
          />
        )}
      </Field>
      <div className="dr-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="button button-danger" disabled={busy || form.formState.isSubmitting}>
          Confirmar suspensión
        </button>
      </div>
    </form>
  );
}
