import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { chileDateTime } from '@encanto/core/chile-time';
import { meetingRules } from '@encanto/core/meetings';

/** The first and last day a meeting may fall on, in Chile's calendar, for the date input's bounds. */
export function dateBounds(now = new Date()) {
  return {
    min: chileDateTime(now).date,
    max: chileDateTime(new Date(now.getTime() + meetingRules.maxLeadMs)).date,
  };
}

/** `from` when it is still ahead, else tomorrow at 21:00 in Chile: a sensible first suggestion. */
export function suggestedTime(from: string | null = null, now = new Date()) {
  if (from && Date.parse(from) > now.getTime()) {
    const { date, time } = chileDateTime(from);
    return { fecha: date, hora: time };
  }
  return { fecha: chileDateTime(new Date(now.getTime() + 24 * 3_600_000)).date, hora: '21:00' };
}

/**
 * Date and time inputs for a meeting, read as Chile's time whatever the
 * device's zone; the combined rule's message (at least one hour ahead, at most
 * 30 days) shows under the pair.
 */
export function TimeFields({
  id,
  register,
  errors,
}: {
  id: string;
  register: UseFormRegister<{ fecha: string; hora: string }>;
  errors: FieldErrors<{ fecha: string; hora: string }>;
}) {
  const bounds = dateBounds();
  const error = errors.fecha?.message ?? errors.hora?.message;
  return (
    <fieldset className="field time-fields" aria-describedby={error ? `${id}-time-error` : `${id}-time-hint`}>
      <legend>Fecha y hora</legend>
      <div className="time-fields-row">
        <label className="visually-hidden" htmlFor={`${id}-fecha`}>
          Fecha
        </label>
        <input
          id={`${id}-fecha`}
          type="date"
          min={bounds.min}
          max={bounds.max}
          aria-invalid={error ? true : undefined}
          {...register('fecha')}
        />
        <label className="visually-hidden" htmlFor={`${id}-hora`}>
          Hora
        </label>
        <input
          id={`${id}-hora`}
          type="time"
          step={900}
          aria-invalid={error ? true : undefined}
          {...register('hora')}
        />
      </div>
      {error ? (
        <p className="field-error" id={`${id}-time-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-time-hint`}>
          Hora de Chile. Desde una hora más hasta 30 días.
        </p>
      )}
    </fieldset>
  );
}
