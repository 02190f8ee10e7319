import { inputFilters } from '@encanto/core/fields';
import { keepTyped } from '../../../lib/keep-typed.ts';

/**
 * The sign-in forms' email field: spaces cannot be typed, the filter the server applies runs as one
 * types, and what was typed before hydration is kept (keepTyped).
 */
export function EmailField({
  id,
  value,
  onValue,
  autoComplete = 'email',
}: {
  id: string;
  value: string;
  onValue: (email: string) => void;
  autoComplete?: 'email' | 'username';
}) {
  const set = (v: string) => onValue(inputFilters.email(v));
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete={autoComplete}
        value={value}
        ref={keepTyped(value, set)}
        onChange={(e) => set(e.target.value)}
        onKeyDown={(e) => e.key === ' ' && e.preventDefault()}
      />
    </div>
  );
}
