import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { timings } from '@encanto/core/constants';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';

/** /RegistroExitoso: welcome, nickname, '¡Registro exitoso!', progress bar, then the matching login after 2.5 s. */
export default function RegisteredPage() {
  const site = useSite();
  useHead({ title: `Registro exitoso – ${site.name}`, robots: 'noindex,nofollow' });
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as { tipo?: string; nickname?: string };
  const target = state.tipo === 'usuario' ? paths.escortLogin : paths.clientLogin;

  useEffect(() => {
    const timer = setTimeout(() => void navigate(target, { replace: true }), timings.registrationRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate, target]);

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
