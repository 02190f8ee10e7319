import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { timings, type Estado } from '@encanto/core/constants';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { useSite } from '../../../lib/site.tsx';
import { estadoLabel } from '../profile-rules.ts';

/** /ModificaEstado: confirms the status change, then back to /ProfileUsuario after 2 s. */
export default function StatusChangedPage() {
  const site = useSite();
  useHead({ title: `Estado actualizado – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="usuario">
      <StatusChanged />
    </RequireAuth>
  );
}

function StatusChanged() {
  const navigate = useNavigate();
  const estado = (useLocation().state as { estado?: Estado } | null)?.estado;

  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(paths.escortHome, { replace: true }),
      timings.statusConfirmationRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="page page-center status-changed" role="status">
      <span className="status-changed-icon">
        <Icon name="check" size={40} />
      </span>
      <h1 className="page-title">Estado actualizado</h1>
      <p>{estado ? `Tu estado ahora es: ${estadoLabel(estado)}.` : 'Tu estado fue cambiado.'}</p>
      <div className="progress status-changed-progress" aria-hidden="true">
        <div
          className="progress-bar progress-bar-timed"
          style={{ animationDuration: `${timings.statusConfirmationRedirectMs}ms` }}
        />
      </div>
      <p className="field-hint">Volviendo a tu perfil...</p>
    </div>
  );
}
