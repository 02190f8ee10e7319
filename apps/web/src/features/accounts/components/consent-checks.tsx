import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { consentText } from '@encanto/core/consent';
import { paths } from '../../../config/paths.ts';

/** A link to a policy in a new tab, so the half-filled registration stays as it is. */
function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (se abre en otra pestaña)</span>
    </a>
  );
}

/**
 * The two registration consents (Ley 21.719). The words are the versioned texts
 * in packages/core/src/consent.ts, which the server stores with each consent.
 */
export function ConsentChecks({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<Record<string, string | boolean>>;
  errors: FieldErrors;
}) {
  const check = (name: 'acepta_terminos' | 'acepta_datos_sensibles', label: ReactNode) => {
    const error = errors[name]?.message as string | undefined;
    return (
      <div className="consent">
        <label className="consent-label" htmlFor={`${idPrefix}-${name}`}>
          <input
            id={`${idPrefix}-${name}`}
            type="checkbox"
            {...register(name)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${idPrefix}-${name}-msg`}
          />
          <span data-consent={name}>{label}</span>
        </label>
        <p id={`${idPrefix}-${name}-msg`} className="field-error" role={error ? 'alert' : undefined}>
          {error}
        </p>
      </div>
    );
  };
  return (
    <fieldset className="consents">
      <legend className="visually-hidden">Consentimientos</legend>
      {check(
        'acepta_terminos',
        <>
          Acepto los <PolicyLink to={paths.infoSection(2)}>términos de servicio</PolicyLink> y la{' '}
          <PolicyLink to={paths.infoSection(1)}>política de privacidad</PolicyLink>.
        </>,
      )}
      {check('acepta_datos_sensibles', consentText('datos_sensibles'))}
    </fieldset>
  );
}
