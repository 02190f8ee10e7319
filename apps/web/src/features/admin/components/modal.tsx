import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: focus is trapped and Escape closes it without any
 * script of ours; onClose fires for both.
 */
export function Modal({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`admin-modal${wide ? ' admin-modal-wide' : ''}`}
      aria-label={title}
      onClose={onClose}
    >
      <div className="admin-modal-head">
        <h2>{title}</h2>
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
