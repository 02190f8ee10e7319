import { useId, type ReactNode } from 'react';

/** What a field's control carries so its label and its error message are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its error beneath it, tied to the control for screen readers
 * (aria-invalid, aria-describedby): the shell every field of that kind shares; `children` draws the
 * control itself (a textarea, a date input) with the props it is given.
 */
export function Field({
  label,
  error,
  id: givenId,
  children,
}: {
  label: string;
  error: string | undefined;
  /** The control's id, when the page names it; else one of its own. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const ownId = useId();
  const id = givenId ?? `${ownId}-c`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
