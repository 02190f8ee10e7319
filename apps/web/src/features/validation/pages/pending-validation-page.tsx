import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { timings } from '@encanto/core/constants';
import type { ValidationKind } from '@encanto/core/validation';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { useHead } from '../../../lib/head.tsx';
import { getStored, setStored } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';

/** Type from route state, then the stored type, defaulting to usuario (spec). */
function resolveKind(state: unknown): ValidationKind {
  const fromState = (state as { tipo?: unknown } | null)?.tipo;
  if (fromState === 'cliente' || fromState === 'usuario') return fromState;
  return getStored('tipo') === 'cliente' ? 'cliente' : 'usuario';
}

/** Status-check calls fall back to "not validated" on error (spec). */
async function isValidated(kind: ValidationKind): Promise<boolean> {
  const id = getStored(kind === 'cliente' ? 'rut_cliente' : 'rut_usuario');
  if (!id) return false;
  try {
    const res = await api<{ autorizado: string }>(`/${kind}/autorizado/${encodeURIComponent(id)}`);
    return res.autorizado === 'aprobado';
  } catch {
    return false;
  }
}

function ValidatedProgress() {
  const navigate = useNavigate();
  const [steps, setSteps] = useState(0);
  useEffect(() => {
    // The account is approved now: the pending marker is no longer true.
    setStored({ tipo: null });
    const id = setInterval(
      () => setSteps((s) => Math.min(s + 1, timings.validationProgressMaxSteps)),
      timings.validationProgressStepMs,
    );
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (steps >= timings.validationProgressMaxSteps) void navigate(paths.rentalsCity());
  }, [steps, navigate]);
  const percent = steps * timings.validationProgressStepPercent;
  return (
    <>
      <h1 className="page-title">Tu cuenta está validada</h1>
      <div
        className="progress validation-progress"
        role="progressbar"
        aria-label="Redirigiendo"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}

function PendingValidation() {
  const location = useLocation();
  const kind = resolveKind(location.state);
  const status = useQuery({
    queryKey: ['validation-status', kind],
    queryFn: () => isValidated(kind),
    retry: false,
    staleTime: 0,
  });
  if (status.isPending) return <p aria-live="polite">Cargando...</p>;
  if (status.data) return <ValidatedProgress />;
  return (
    <>
      <h1 className="page-title">Tu cuenta aún no ha sido validada</h1>
      <p className="pending-copy">
        Sube una foto de tu documento de identidad. Un administrador la revisará y te avisaremos por correo.
      </p>
      <Link className="button" to={kind === 'cliente' ? paths.uploadDocClient : paths.uploadDocEscort}>
        Validar mi cuenta
      </Link>
    </>
  );
}

/** /PendienteValidacion: where a pending account lands after login. */
export default function PendingValidationPage() {
  const site = useSite();
  useHead({ title: `Validación de cuenta – ${site.name}`, robots: 'noindex,nofollow' });
  return (
    <section className="page page-center pending-validation">
      <RequireAuth>
        <PendingValidation />
      </RequireAuth>
    </section>
  );
}
