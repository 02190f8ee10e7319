import { useId } from 'react';
import { alertCategoryLabels, alertCategoryValues, alertFormSchema, alertRules } from '@encanto/core/alerts';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Field } from '../../../components/ui/field.tsx';

type AlertFormValues = { categoria: (typeof alertCategoryValues)[number]; descripcion: string };

/**
 * "Alerta de seguridad" on an accepted meeting: what happened (a category) and a short account for the
 * administration. Other escorts will only ever see the category and the month (decision 0171).
 */
export function AlertForm({
  onSubmit,
  onCancel,
  busy,
}: {
  onSubmit: (values: AlertFormValues) => Promise<void>;
  onCancel: () => void;
  busy: boolean;
}) {
  const id = useId();
  const form = useSchemaForm(alertFormSchema, {
    defaultValues: { categoria: undefined as unknown as AlertFormValues['categoria'], descripcion: '' },
  });
  const submit = form.handleSubmit((v) => onSubmit(v));
  const errors = form.formState.errors;
  return (
    <form
      className="meeting-inline-form alert-form"
      aria-label="Alerta de seguridad"
      onSubmit={(e) => void submit(e)}
    >
      <p className="field-hint">
        Cuéntale a la administración qué pasó. Si la confirma, las escorts que reciban una solicitud de este
        cliente verán solo la categoría y el mes: nunca tu nombre ni lo que escribas.
      </p>
      <Field id={`${id}-c`} label="¿Qué pasó?" error={errors.categoria?.message}>
        {(control) => (
          <select {...control} {...form.register('categoria')}>
            <option value="">Elige una opción</option>
            {alertCategoryValues.map((c) => (
              <option key={c} value={c}>
                {alertCategoryLabels[c]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextAreaField
        label="Lo que pasó (solo lo lee la administración)"
        rows={4}
        maxLength={alertRules.descriptionMax}
        error={errors.descripcion?.message}
        registration={form.register('descripcion')}
      />
      <p className="field-hint">Si estás en peligro ahora, llama al 133 (Carabineros).</p>
      <div className="rating-form-actions">
        <button type="submit" className="button button-danger" disabled={busy}>
          Enviar alerta
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Volver
        </button>
      </div>
    </form>
  );
}
