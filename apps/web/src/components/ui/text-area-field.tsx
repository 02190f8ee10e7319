import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled textarea of a react-hook-form form (a rejection's reason, an alert's account, an absence
 * dispute): its length capped as the core schema caps it, and the schema's message beneath it, tied to
 * the field for screen readers.
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
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-t`}>{label}</label>
      <textarea
        id={`${id}-t`}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        {...registration}
      />
      {error ? (
        <p id={`${id}-e`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
