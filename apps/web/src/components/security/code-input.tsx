import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The code field of the second step: a numeric keyboard and the one-time-code autofill for the
 * app's 6 digits; a recovery code has letters, so that mode opens the normal keyboard. `field` is the
 * form's register('codigo') (lib/use-schema-form.ts); the app's code keeps only digits and spaces.
 */
export function CodeInput({
  id,
  field,
  recovery,
}: {
  id: string;
  field: UseFormRegisterReturn;
  recovery: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{recovery ? 'Código de recuperación' : 'Código de 6 dígitos'}</label>
      <input
        id={id}
        className="tf-code-input"
        type="text"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={recovery ? 20 : 7}
        pattern={recovery ? undefined : '[0-9 ]*'}
        {...field}
        onChange={(e) => {
          if (!recovery) e.target.value = e.target.value.replace(/[^0-9 ]/g, '');
          return field.onChange(e);
        }}
      />
    </div>
  );
}
