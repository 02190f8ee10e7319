/**
 * The code field of the second step: a numeric keyboard and the one-time-code autofill for the
 * app's 6 digits; a recovery code has letters, so that mode opens the normal keyboard.
 */
export function CodeInput({
  id,
  value,
  onChange,
  recovery,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
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
        value={value}
        onChange={(e) => onChange(recovery ? e.target.value : e.target.value.replace(/[^0-9 ]/g, ''))}
      />
    </div>
  );
}
