import { useId } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { giraFormSchemaOn, giraLimits, type Visit, type VisitInput } from '@encanto/core/touring';
import { addDays } from '@encanto/core/touring-dates';
import { msg } from '@encanto/core/messages';
import { CityPicker } from '../../../components/city-picker.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { saveGira } from '../api/gira.ts';

type Values = { visitas: Visit[] };
const saveFailed = 'No se pudo guardar tu gira.';

/**
 * The list as a form: each visit a comuna (the three-step picker) and two dates; rows are
 * added and removed here and the whole list is saved at once (PUT replaces it). The API's
 * schema checks it first (giraFormSchemaOn: dates, order, overlaps, today and 90 days); the
 * rules only the server knows (her own comuna) come back as fields ('1.desde') and land under
 * the field they name, like the form's own.
 */
export function GiraEditor({
  saved,
  today,
  refresh,
  onSaved,
  onFailed,
}: {
  saved: Visit[];
  today: string;
  refresh: () => Promise<unknown>;
  onSaved: () => void;
  onFailed: (text: string) => void;
}) {
  const id = useId();
  const form = useSchemaForm<Values, { visitas: VisitInput[] }>(giraFormSchemaOn({ today, stored: saved }), {
    defaultValues: { visitas: saved.map(({ ciudad, desde, hasta }) => ({ ciudad, desde, hasta })) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'visitas' });
  const rows = useWatch({ control: form.control, name: 'visitas' });
  const { busy, run } = useAction(refresh);
  const last = addDays(today, giraLimits.maxDaysAhead);
  const errors = form.formState.errors;

  const add = () => {
    if (fields.length < giraLimits.maxVisits) append({ ciudad: '', desde: '', hasta: '' });
  };
  const drop = (i: number) => {
    remove(i);
    form.clearErrors();
  };

  const onSubmit = form.handleSubmit(
    ({ visitas }) =>
      run(() => saveGira(visitas), {
        onSuccess: onSaved,
        onError: (err) => {
          if (err instanceof ApiError)
            for (const [path, message] of Object.entries(err.fields))
              form.setError(/^\d/.test(path) ? (`visitas.${path}` as 'visitas') : 'root.server', { message });
          onFailed(errorText(err, saveFailed));
        },
      }),
    (errs) => onFailed(firstErrorOf(errs) ?? saveFailed),
  );

  const fieldError = (i: number, field: keyof Visit) => errors.visitas?.[i]?.[field]?.message;
  const listError = errors.visitas?.root?.message ?? errors.root?.server?.message;

  return (
    <form
      className="form form-card gira-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="dashboard-section-title">
        Editar gira
      </h2>
      <p className="field-hint">
        Cada visita dura desde un día hasta otro (ambos incluidos), empieza hoy o después y termina dentro de
        los próximos 90 días. Las visitas no pueden superponerse.
      </p>
      {fields.length === 0 ? <p className="dashboard-intro">No hay visitas en la lista.</p> : null}
      <ol className="gira-rows">
        {fields.map((f, i) => (
          <li key={f.id} className="gira-row">
            <h3 className="gira-row-title">Visita {i + 1}</h3>
            <Controller
              control={form.control}
              name={`visitas.${i}.ciudad`}
              render={({ field }) => (
                <CityPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldError(i, 'ciudad')}
                  disabled={busy}
                  label={`Comuna de la visita ${i + 1}`}
                />
              )}
            />
            <div className="gira-dates">
              <DateField
                id={`${id}-${f.id}-desde`}
                label="Desde"
                field={form.register(`visitas.${i}.desde`)}
                min={today}
                max={last}
                disabled={busy}
                error={fieldError(i, 'desde')}
              />
              <DateField
                id={`${id}-${f.id}-hasta`}
                label="Hasta"
                field={form.register(`visitas.${i}.hasta`)}
                min={rows?.[i]?.desde || today}
                max={last}
                disabled={busy}
                error={fieldError(i, 'hasta')}
              />
            </div>
            <button
              type="button"
              className="button button-secondary gira-remove"
              disabled={busy}
              onClick={() => drop(i)}
            >
              Quitar visita {i + 1}
            </button>
          </li>
        ))}
      </ol>
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <div className="gira-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || fields.length >= giraLimits.maxVisits}
          onClick={add}
        >
          Agregar visita
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar gira'}
        </button>
      </div>
      {fields.length >= giraLimits.maxVisits ? <p className="field-hint">{msg.giraMax}</p> : null}
    </form>
  );
}

function DateField({
  id,
  label,
  field,
  min,
  max,
  disabled,
  error,
}: {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  min: string;
  max: string;
  disabled: boolean;
  error: string | undefined;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => <input {...control} type="date" min={min} max={max} disabled={disabled} {...field} />}
    </Field>
  );
}
