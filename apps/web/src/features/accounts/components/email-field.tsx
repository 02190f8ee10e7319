import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The sign-in forms' email field. `field` is the form's `keep('email', { filter: inputFilters.email })`
 * (lib/use-schema-form.ts): spaces cannot be typed, the filter the server applies runs as one types,
 * and what was typed before hydration is kept.
 */
export function EmailField({
  id,
  field,
  autoComplete = 'email',
}: {
  id: string;
  field: UseFormRegisterReturn;
  autoComplete?: 'email' | 'username';
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        {...field}
        onKeyDown={(e) => e.key === ' ' && e.preventDefault()}
      />
    </div>
  );
}
