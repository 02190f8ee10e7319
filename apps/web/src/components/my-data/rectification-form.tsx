import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  rectifiableFieldLabels,
  rectifiableFields,
  rectificationCreateSchema,
  type Rectification,
  type RectificationCreate,
} from '@encanto/core/data-rights';
import { limits } from '@encanto/core/constants';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { formatDate } from '@encanto/core/chile-time';
import { requestRectification } from '../../lib/api/my-data.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { Field } from '../ui/field.tsx';

const statusLabel: Record<Rectification['estado'], string> = {
  abierta: 'En revisión',
  resuelta: 'Corregido',
  rechazada: 'Rechazada',
};

/**
 * Name, birth date and RUT are read-only on the profile (spec); a correction
 * is asked of the administrator here, and its answer shows in the list below.
 */
export function RectificationForm({
  requests,
  onSent,
}: {
  requests: Rectification[];
  onSent: () => Promise<unknown>;
}) {
  const id = useId();
  // The button shows the form's own isSubmitting, which lasts until run() settles.
  const { run } = useAction(onSent);
  const [flash, show] = useTimedMessage(6000);
  const form = useSchemaForm<RectificationCreate, z.output<typeof rectificationCreateSchema>>(
    rectificationCreateSchema,
    {
      defaultValues: { campo: 'nombre', valor: '', detalle: '' },
    },
  );
  const campo = useWatch({ control: form.control, name: 'campo' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) =>
    run(() => requestRectification(values), {
      onSuccess: (res) => {
        show('success', res.mensaje);
        form.reset({ campo: values.campo, valor: '', detalle: '' });
      },
      onError: (err) => show('error', errorText(err, 'No se pudo enviar la solicitud. Inténtalo de nuevo.')),
    }),
  );

  return (
    <div className="dr-block">
      <h3>Corregir un dato</h3>
      <p className="field-hint">
        Tu nombre, fecha de nacimiento y RUT no se editan directamente, porque los verificamos con tu
        documento. Pídenos el cambio y lo revisamos.
      </p>
      <form className="form dr-rect-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id={`${id}-campo`} label="Dato" error={undefined}>
          {(control) => (
            <select {...control} {...form.register('campo')}>
              {rectifiableFields.map((f) => (
                <option key={f} value={f}>
                  {rectifiableFieldLabels[f]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-valor`} label="Valor correcto" error={errors.valor?.message}>
          {(control) => (
            <input
              {...control}
              type={campo === 'fecha_nac' ? 'date' : 'text'}
              autoComplete="off"
              maxLength={120}
              {...form.register('valor')}
            />
          )}
        </Field>
        <Field id={`${id}-detalle`} label="Comentario (opcional)" error={errors.detalle?.message}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={limits.reportDetailMax}
              {...form.register('detalle')}
            />
          )}
        </Field>
        <button type="submit" className="button button-secondary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Enviando...' : 'Enviar solicitud'}
        </button>
        <div aria-live="polite" className="message-slot">
          {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
        </div>
      </form>
      {requests.length > 0 && (
        <ul className="dr-requests" aria-label="Tus solicitudes">
          {requests.map((r) => (
            <li key={r.id} className="dr-request">
              <span>
                <strong>{rectifiableFieldLabels[r.campo]}</strong>: {r.valor}
              </span>
              <span className="dr-request-meta">
                {formatDate(r.fecha)} ·{' '}
                <span className={`dr-chip dr-chip-${r.estado}`}>{statusLabel[r.estado]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
