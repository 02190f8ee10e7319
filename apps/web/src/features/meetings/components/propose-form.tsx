import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { chileLocalToIso } from '@encanto/core/chile-time';
import { proposalFormSchema, type ProposalForm as Values } from '@encanto/core/meetings';
import { suggestedTime, TimeFields } from '../../../components/meetings/time-fields.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

/** 'Proponer otra hora': a date and a time in Chile, checked with the API's rule before sending. */
export function ProposeForm({
  from,
  onSubmit,
  onCancel,
}: {
  /** The time asked for, as the starting suggestion. */
  from: string | null;
  onSubmit: (fechaHora: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useSchemaForm<Values>(
    proposalFormSchema(() => new Date()),
    {
      defaultValues: suggestedTime(from),
    },
  );
  const submit = form.handleSubmit((v) => onSubmit(chileLocalToIso(v.fecha, v.hora) ?? ''));
  return (
    <form
      className="meeting-inline-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Proponer otra hora"
    >
      <TimeFields
        id={id}
        register={form.register as UseFormRegister<{ fecha: string; hora: string }>}
        errors={form.formState.errors}
      />
      <div className="rating-form-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Enviar propuesta
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
