import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { timings } from '@encanto/core/constants';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

/**
 * /RegistroExitoso: welcome, nickname, '¡Registro exitoso!', progress bar, then after 2.5 s the pending
 * screen (where the identity document is uploaded), already signed in by the registration. Without a
 * session (an old answer, storage refused) it is the matching login, as before.
 */
export default function RegisteredPage() {
  const site = useSite();
  useHead({ title: `Registro exitoso – ${site.name}`, robots: 'noindex,nofollow' });
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as { tipo?: string; nickname?: string; signedIn?: boolean };
  const login = state.tipo === 'usuario' ? paths.escortLogin : paths.clientLogin;
  const target = state.signedIn ? paths.pending : login;
  const { tipo, nickname } = state;

  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(target, { replace: true, state: { tipo, nickname } }),
      timings.registrationRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [navigate, target, tipo, nickname]);

  return (
    <div className="page page-center account-done">
      <p className="account-welcome">Bienvenido{state.nickname ? ',' : ''}</p>
      {state.nickname && <p className="account-nickname">{state.nickname}</p>}
      <h1>¡Registro exitoso!</h1>
      <p className="field-hint">Tu cuenta quedará pendiente hasta que validemos tu identidad.</p>
      <div className="progress account-progress" role="progressbar" aria-label="Redirigiendo">
        <div
          className="progress-bar progress-bar-timed"
          style={{ animationDuration: `${timings.registrationRedirectMs}ms` }}
        />
      </div>
      <p aria-live="polite">Redirigiendo...</p>
    </div>
  );
}
