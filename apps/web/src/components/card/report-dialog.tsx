import { lazy, Suspense, useId, useRef, useState } from 'react';

// The form (react-hook-form, zod and the report schema) loads on first opening:
// every visitor sees the button, few open it.
const ReportForm = lazy(() => import('./report-form.tsx'));

/**
 * 'Denunciar perfil' on every public card: a native modal dialog (focus kept
 * inside, Escape closes) with the reasons and an optional detail. Anyone may
 * report; the server limits how often.
 */
export function ReportDialog({ nickname }: { nickname: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // Bumped on each opening: the form remounts empty, as before.
  const [opening, setOpening] = useState(0);

  const open = () => {
    setOpening((n) => n + 1);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  return (
    <div className="dr-report">
      <button type="button" className="dr-report-open" onClick={open} aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M5 21V4m0 0h11l-2 4 2 4H5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        Denunciar perfil
      </button>
      <dialog ref={dialog} className="dr-dialog" aria-labelledby={`${id}-title`}>
        <div className="dr-dialog-head">
          <h2 id={`${id}-title`}>Denunciar perfil</h2>
          <button type="button" className="dr-dialog-close" onClick={close} aria-label="Cerrar">
            ×
          </button>
        </div>
        {opening > 0 ? (
          <Suspense
            fallback={
              <div className="dr-dialog-body">
                <div className="skeleton rating-skeleton" />
              </div>
            }
          >
            <ReportForm key={opening} nickname={nickname} close={close} />
          </Suspense>
        ) : null}
      </dialog>
    </div>
  );
}
