import { useId, useState, type FormEvent } from 'react';
import { giraLimits, type Visit } from '@encanto/core/touring';
import { addDays } from '@encanto/core/touring-dates';
import { msg } from '@encanto/core/messages';
import { CityPicker } from '../../../components/city-picker.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { saveGira } from '../api/gira.ts';

interface Row extends Visit {
  /** Stable React key while rows are added and removed. */
  key: number;
}

let nextKey = 1;
const row = (v: Visit): Row => ({ ...v, key: nextKey++ });

/**
 * The list as a form: each visit a comuna (the three-step picker) and two dates; rows are
 * added and removed here and the whole list is saved at once (PUT replaces it). The server's
 * Spanish messages land under the field they name ('1.desde').
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
  const [rows, setRows] = useState<Row[]>(() => saved.map(row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction(refresh);
  const last = addDays(today, giraLimits.maxDaysAhead);

  const change = (i: number, field: keyof Visit, value: string) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
    setErrors(({ [`${i}.${field}`]: _gone, ...rest }) => rest);
  };
  const add = () =>
    setRows((rs) =>
      rs.length >= giraLimits.maxVisits ? rs : [...rs, row({ ciudad: '', desde: '', hasta: '' })],
    );
  const drop = (i: number) => {
    setRows((rs) => rs.filter((_, j) => j !== i));
    setErrors({});
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    void run(() => saveGira(rows.map(({ ciudad, desde, hasta }) => ({ ciudad, desde, hasta }))), {
      onSuccess: onSaved,
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        onFailed(errorText(err, 'No se pudo guardar tu gira.'));
      },
    });
  };

  const fieldError = (i: number, field: keyof Visit) => errors[`${i}.${field}`];

  return (
    <form className="form form-card gira-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="dashboard-section-title">
        Editar gira
      </h2>
      <p className="field-hint">
        Cada visita dura desde un día hasta otro (ambos incluidos), empieza hoy o después y termina dentro de
        los próximos 90 días. Las visitas no pueden superponerse.
      </p>
      {rows.length === 0 ? <p className="dashboard-intro">No hay visitas en la lista.</p> : null}
      <ol className="gira-rows">
        {rows.map((r, i) => (
          <li key={r.key} className="gira-row">
            <h3 className="gira-row-title">Visita {i + 1}</h3>
            <CityPicker
              value={r.ciudad}
              onChange={(c) => change(i, 'ciudad', c)}
              error={fieldError(i, 'ciudad')}
              disabled={busy}
              label={`Comuna de la visita ${i + 1}`}
            />
            <div className="gira-dates">
              <DateField
                id={`${id}-${r.key}-desde`}
                label="Desde"
                value={r.desde}
                min={today}
                max={last}
                disabled={busy}
                error={fieldError(i, 'desde')}
                onChange={(v) => change(i, 'desde', v)}
              />
              <DateField
                id={`${id}-${r.key}-hasta`}
                label="Hasta"
                value={r.hasta}
                min={r.desde || today}
                max={last}
                disabled={busy}
                error={fieldError(i, 'hasta')}
                onChange={(v) => change(i, 'hasta', v)}
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
      {errors.body ? (
        <p className="field-error" role="alert">
          {errors.body}
        </p>
      ) : null}
      <div className="gira-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || rows.length >= giraLimits.maxVisits}
          onClick={add}
        >
          Agregar visita
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar gira'}
        </button>
      </div>
      {rows.length >= giraLimits.maxVisits ? <p className="field-hint">{msg.giraMax}</p> : null}
    </form>
  );
}

function DateField({
  id,
  label,
  value,
  min,
  max,
  disabled,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min: string;
  max: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
