import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: focus is trapped and Escape closes it without any
 * script of ours; onClose fires for both. A control marked `data-autofocus`
 * takes the focus when it opens. `confirm` makes it an alertdialog
 * described by `describedBy` (a confirmation, read out in full when it opens).
 */
export function Modal({
  title,
  onClose,
  children,
  wide,
  confirm,
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  confirm?: boolean;
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // A confirmation starts on its safe choice; otherwise the browser picks the first control.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`admin-modal${wide ? ' admin-modal-wide' : ''}`}
      role={confirm ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
    >
      <div className="admin-modal-head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="admin-modal-close"
          aria-label="Cerrar"
          onClick={() => ref.current?.close()}
        >
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
