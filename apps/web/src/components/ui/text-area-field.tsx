import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field.tsx';

/**
 * A labelled textarea of a react-hook-form form (a rejection's reason, an alert's account, an absence
 * dispute): its length capped as the core schema caps it, and the schema's message beneath it.
 */
export function TextAreaField({
  label,
  rows,
  maxLength,
  placeholder,
  error,
  registration,
}: {
  label: string;
  rows: number;
  maxLength: number;
  placeholder?: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          {...registration}
        />
      )}
    </Field>
  );
}
