import { useEffect, useId, useRef } from 'react';
import { useWatch, type UseFormRegister } from 'react-hook-form';
import type { ZodType } from 'zod';
import { chileLocalToIso, formatDuration } from '@encanto/core/chile-time';
import type { MeetingPair } from '@encanto/core/marketplace';
import {
  durationOptions,
  lugarLabels,
  lugarValues,
  meetingRules,
  requestFormSchema,
  type RequestForm as Values,
} from '@encanto/core/meetings';
import { requestMeeting } from '../../lib/api/meetings.ts';
import { useAction } from '../../lib/use-action.ts';
import { suggestedTime, TimeFields } from '../meetings/time-fields.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { Field } from '../ui/field.tsx';

type Input = Omit<Values, 'duracion_min'> & { duracion_min: string };

/**
 * The details of a request: when (Chile's time), for how long, where, and an
 * optional message. Validated with the API's own rules from core; the server's
 * answer (sent, already pending, not authorised) goes back to the caller.
 */
export default function RequestForm({
  pair,
  onDone,
  onCancel,
}: {
  pair: MeetingPair;
  onDone: (outcome: { ok: true } | { ok: false; error: unknown }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useSchemaForm<Input, Values>(
    requestFormSchema(() => new Date()) as unknown as ZodType<Values, Input>,
    {
      defaultValues: { ...suggestedTime(), duracion_min: '120', lugar: undefined, mensaje: '' },
    },
  );
  const { run } = useAction();
  const mensaje = useWatch({ control: form.control, name: 'mensaje' }) ?? '';
  const errors = form.formState.errors;
  // Opened by 'Cita', which leaves the screen: focus goes to the form's first field, not to the page.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  const submit = form.handleSubmit((v) =>
    run(
      () =>
        requestMeeting(pair, {
          fecha_hora: chileLocalToIso(v.fecha, v.hora) ?? '',
          duracion_min: v.duracion_min,
          lugar: v.lugar,
          ...(v.mensaje ? { mensaje: v.mensaje } : {}),
        }),
      { onSuccess: () => onDone({ ok: true }), onError: (error) => onDone({ ok: false, error }) },
    ),
  );

  return (
    <form
      ref={formRef}
      className="form-card request-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Solicitar cita"
    >
      <TimeFields
        id={id}
        register={form.register as unknown as UseFormRegister<{ fecha: string; hora: string }>}
        errors={errors}
      />
      <div className="field">
        <label htmlFor={`${id}-dur`}>Duración</label>
        <select id={`${id}-dur`} {...form.register('duracion_min')}>
          {durationOptions.map((m) => (
            <option key={m} value={m}>
              {formatDuration(m)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field choice-group" aria-describedby={errors.lugar ? `${id}-lugar-e` : undefined}>
        <legend>Lugar</legend>
        <div className="choice-row">
          {lugarValues.map((l) => (
            <label key={l} className="choice">
              <input type="radio" value={l} {...form.register('lugar')} />
              <span>{lugarLabels.client[l]}</span>
            </label>
          ))}
        </div>
        {errors.lugar ? (
          <p className="field-error" id={`${id}-lugar-e`} role="alert">
            {errors.lugar.message}
          </p>
        ) : null}
      </fieldset>
      <Field
        id={`${id}-msg`}
        label="Mensaje (opcional)"
        error={errors.mensaje?.message}
        hint={`${mensaje.length}/${meetingRules.messageMax}`}
        hintClassName="char-count"
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={meetingRules.messageMax}
            placeholder="Cuéntale lo que quieras acordar. Sin teléfonos: podrán conversar aquí cuando acepte."
            {...form.register('mensaje')}
          />
        )}
      </Field>
      <div className="rating-form-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Enviar solicitud
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
