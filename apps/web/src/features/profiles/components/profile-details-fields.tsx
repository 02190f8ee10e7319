import { useId } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import type { EscortUpdate } from '@encanto/core/profiles';
import {
  atiendeLabels,
  atiendeValues,
  detailLimits,
  formatClp,
  idiomaLabels,
  idiomaValues,
  servicioLabels,
  servicioValues,
  tarifaText,
} from '@encanto/core/profile-details';
import { seedOf } from '../../../lib/seed-fields.ts';

type DetailName = 'tarifa_desde' | 'servicios' | 'atiende' | 'horario' | 'idiomas';

/** Digits typed, shown with thousands dots ('80000' -> '80.000'); empty clears the rate. */
const tarifaFromText = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 7);
  return digits ? Number(digits) : null;
};

/**
 * The "Detalles" part of the escort's data form (decision 0103): rate, services, where she
 * receives, hours and languages, all optional. Fields of the same react-hook-form form and
 * core schema, saved by the same "Guardar cambios".
 */
export function ProfileDetailsFields({ form }: { form: UseFormReturn<EscortUpdate> }) {
  const id = useId();
  const { register, control, formState } = form;
  const seed = seedOf(form);
  const errors = formState.errors;
  const {
    field: { value: tarifa, onChange: setTarifa, onBlur: tarifaBlur, name: tarifaName, ref: tarifaRef },
  } = useController({ control, name: 'tarifa_desde' });
  const horario = useWatch({ control, name: 'horario' }) ?? '';
  const preview = tarifaText(tarifa);

  const errorOf = (name: DetailName) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const described = (name: DetailName, hint?: string) => {
    const ids = [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
    return {
      ...(ids ? { 'aria-describedby': ids } : {}),
      ...(errors[name] ? { 'aria-invalid': true } : {}),
    };
  };

  return (
    <div className="profile-details-section">
      <h3>Detalles</h3>
      <p className="field-hint">
        Todo es opcional: lo que completes se muestra en tu tarjeta y sirve para los filtros.
      </p>
      <div className="profile-grid">
        <div className="field">
          <label htmlFor={`${id}-tarifa`}>Tarifa desde (CLP)</label>
          <input
            id={`${id}-tarifa`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="80.000"
            name={tarifaName}
            ref={tarifaRef}
            onBlur={tarifaBlur}
            value={tarifa == null ? '' : formatClp(tarifa).slice(1)}
            onChange={(e) => setTarifa(tarifaFromText(e.target.value))}
            {...described('tarifa_desde', `${id}-tarifa-hint`)}
          />
          <p id={`${id}-tarifa-hint`} className="field-hint">
            En pesos, entre {formatClp(detailLimits.tarifaMin)} y {formatClp(detailLimits.tarifaMax)}.
            {preview ? ` Se verá: ${preview}.` : ''}
          </p>
          {errorOf('tarifa_desde')}
        </div>
        <fieldset className="field details-fieldset" {...described('atiende')}>
          <legend>Atiende</legend>
          <div className="details-radios">
            <label className="check-chip">
              <input type="radio" value="" {...register('atiende')} {...seed('atiende', '')} />
              Sin indicar
            </label>
            {atiendeValues.map((a) => (
              <label key={a} className="check-chip">
                <input type="radio" value={a} {...register('atiende')} {...seed('atiende', a)} />
                {atiendeLabels[a]}
              </label>
            ))}
          </div>
          {errorOf('atiende')}
        </fieldset>
      </div>
      <fieldset className="field details-fieldset" {...described('servicios')}>
        <legend>Servicios</legend>
        <div className="check-chips">
          {servicioValues.map((s) => (
            <label key={s} className="check-chip">
              <input type="checkbox" value={s} {...register('servicios')} {...seed('servicios', s)} />
              {servicioLabels[s]}
            </label>
          ))}
        </div>
        {errorOf('servicios')}
      </fieldset>
      <fieldset className="field details-fieldset" {...described('idiomas')}>
        <legend>Idiomas</legend>
        <div className="check-chips">
          {idiomaValues.map((i) => (
            <label key={i} className="check-chip">
              <input type="checkbox" value={i} {...register('idiomas')} {...seed('idiomas', i)} />
              {idiomaLabels[i]}
            </label>
          ))}
        </div>
        {errorOf('idiomas')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-horario`}>Horario</label>
        <textarea
          id={`${id}-horario`}
          rows={2}
          maxLength={detailLimits.horarioMax}
          placeholder="Lunes a viernes, de 18:00 a 02:00"
          {...register('horario')}
          {...seed('horario')}
          {...described('horario', `${id}-horario-count`)}
        />
        <p id={`${id}-horario-count`} className="field-hint horario-count" aria-live="polite">
          {horario.length}/{detailLimits.horarioMax}
        </p>
        {errorOf('horario')}
      </div>
    </div>
  );
}
