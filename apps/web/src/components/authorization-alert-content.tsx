import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { approvalNotice, rejectionNotice, type AuthorizationNotice } from '@encanto/core/validation';
import { paths } from '../config/paths.ts';
import { useHydrated, useSession } from '../lib/session.ts';
import { clearNotice, useNotices, type NoticeOwner } from '../lib/api/notices.ts';
import { Icon } from './ui/icon.tsx';

/**
 * The pending-authorisation message a logged-in escort or client gets when a
 * listing or their profile loads (marketplace spec section 4). A rejection
 * stays until a new document is uploaded; closing it leads to the upload
 * screen. The approval notice is removed on the server as soon as it is shown,
 * so it appears once. Loaded on demand by ./authorization-alert.tsx.
 */
export default function AuthorizationAlertContent() {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const kind = !hydrated
    ? null
    : session.role === 'cliente' && session.rut
      ? 'cliente'
      : session.role === 'usuario' && session.nickname
        ? 'usuario'
        : null;
  const id = kind === 'cliente' ? session.rut : session.nickname;
  // One object per account, so the effect below runs when the account or the notice changes, not on every render.
  const owner = useMemo<NoticeOwner | null>(() => (kind && id ? { kind, id } : null), [kind, id]);

  const first = (list: AuthorizationNotice[]) => list[0] ?? null;
  const rejections = useNotices(owner, 'pendiente', first);
  const approvals = useNotices(owner, 'aprobado', first);
  // Shown once both are known, as one answer: an approval wins over an older rejection.
  const loaded = rejections.isSuccess && approvals.isSuccess;
  const [dismissed, setDismissed] = useState(false);
  const cleared = useRef<string | null>(null);
  const approval = loaded ? approvals.data : null;
  const rejection = loaded ? rejections.data : null;

  useEffect(() => {
    if (!owner || !approval || cleared.current === approval.motivo) return;
    cleared.current = approval.motivo;
    // Shown once: the server forgets it now; this view keeps it until closed.
    clearNotice(owner).catch(() => undefined);
  }, [owner, approval]);

  if (!owner || dismissed || (!approval && !rejection)) return null;

  if (approval) {
    return (
      <div className="auth-alert auth-alert-ok" role="status">
        <Icon name="check" size={22} />
        <p>
          <strong className="auth-alert-lead">{approvalNotice(approval.motivo)}</strong> Ya puedes usar el
          sitio.
        </p>
        <button
          type="button"
          className="auth-alert-close"
          aria-label="Cerrar aviso"
          onClick={() => setDismissed(true)}
        >
          <Icon name="close" />
        </button>
      </div>
    );
  }
  const uploadPath = owner.kind === 'cliente' ? paths.uploadDocClient : paths.uploadDocEscort;
  return (
    <div className="auth-alert auth-alert-warn" role="alert">
      <Icon name="alert" size={22} />
      <p>{rejectionNotice(rejection!.motivo, rejection!.autorizado)}</p>
      <button
        type="button"
        className="button auth-alert-action"
        onClick={() => {
          setDismissed(true);
          void navigate(uploadPath);
        }}
      >
        Entendido
      </button>
    </div>
  );
}
