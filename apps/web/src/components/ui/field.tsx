import { useId, type ReactNode } from 'react';

/** What a field's control carries so its label and its error message are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and its error beneath it, both tied to the control for screen
 * readers (aria-invalid, aria-describedby): the shell every field of that kind shares; `children` draws
 * the control itself (an input, a textarea, a date input) with the props it is given.
 */
export function Field({
  label,
  error,
  hint,
  hintClassName,
  id: givenId,
  children,
}: {
  label: ReactNode;
  error: string | undefined;
  /** What to type, read with the control (a counter, a rule). */
  hint?: ReactNode;
  /** Beside `field-hint`, for a hint laid out its own way (a counter: `char-count`). */
  hintClassName?: string;
  /** The control's id, when the page names it; else one of its own. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const ownId = useId();
  const id = givenId ?? `${ownId}-c`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className={hintClassName ? `field-hint ${hintClassName}` : 'field-hint'}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
