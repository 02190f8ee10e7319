import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { timings } from '@encanto/core/constants';
import type { ValidationKind } from '@encanto/core/validation';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { approvedState } from '../../../components/dashboard/approved-message.tsx';
import { paths } from '../../../config/paths.ts';
import { useHead } from '../../../lib/head.tsx';
import { getStored, setStored, useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useDocumentInfo } from '../../../lib/api/documents.ts';
import { forgetApproval, useNoticeOwner, useRejection } from '../api/rejection.ts';
import { useValidationStatus } from '../api/status.ts';
import { RejectionPanel } from '../components/rejection-panel.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

/** Type from route state, then the stored type, defaulting to usuario (spec). */
function resolveKind(state: unknown): ValidationKind {
  const fromState = (state as { tipo?: unknown } | null)?.tipo;
  if (fromState === 'cliente' || fromState === 'usuario') return fromState;
  return getStored('tipo') === 'cliente' ? 'cliente' : 'usuario';
}

function ValidatedProgress({ kind }: { kind: ValidationKind }) {
  const navigate = useNavigate();
  const owner = useNoticeOwner(kind);
  const [steps, setSteps] = useState(0);
  // This screen is the success message: the one on listings and profiles is not shown again.
  useEffect(() => {
    if (owner) void forgetApproval(owner);
  }, [owner]);
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
    if (steps < timings.validationProgressMaxSteps) return;
    // Each lands on her own area with the success line (the rentals page is under maintenance).
    void navigate(kind === 'cliente' ? paths.favorites : paths.escortHome, {
      replace: true,
      state: approvedState,
    });
  }, [steps, navigate, kind]);
  const percent = steps * timings.validationProgressStepPercent;
  return (
    <>
      <h1 className="page-title">Tu cuenta está validada</h1>
      <p className="message message-success validated-copy" role="status">
        ¡Listo! Revisamos tu documento y autorizamos tu cuenta. Te llevamos a tu panel…
      </p>
      <ProgressBar value={percent} label="Redirigiendo" className="validation-progress" />
    </>
  );
}

function PendingValidation() {
  const location = useLocation();
  // Resolved once: a validated account drops the stored tipo, and the screen must not change kind then.
  const [kind] = useState(() => resolveKind(location.state));
  const nickname = useSession().nickname ?? '';
  const status = useValidationStatus(kind);
  const pending = status.data === false;
  const rejection = useRejection(kind);
  // The upload screen's own query: going there after this shows the document at once.
  const document = useDocumentInfo(kind, nickname, { enabled: pending });
  if (status.isPending || rejection.isLoading || document.isLoading)
    return <p aria-live="polite">Cargando...</p>;
  if (status.data) return <ValidatedProgress kind={kind} />;
  const upload = kind === 'cliente' ? paths.uploadDocClient : paths.uploadDocEscort;
  return (
    <>
      <h1 className="page-title">Tu cuenta aún no ha sido validada</h1>
      {rejection.data ? (
        <RejectionPanel motivo={rejection.data}>
          <Link className="button" to={upload}>
            Subir un nuevo documento
          </Link>
        </RejectionPanel>
      ) : document.data ? (
        <>
          <p className="pending-copy">
            Recibimos tu documento. Un administrador lo revisará y te avisaremos por correo cuando tu cuenta
            esté validada.
          </p>
          <Link className="button button-secondary" to={upload}>
            Ver mi documento
          </Link>
        </>
      ) : (
        <>
          <p className="pending-copy">
            Sube una foto de tu documento de identidad. Un administrador la revisará y te avisaremos por
            correo.
          </p>
          <Link className="button" to={upload}>
            Validar mi cuenta
          </Link>
        </>
      )}
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
