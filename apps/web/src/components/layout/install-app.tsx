import { useId, useRef } from 'react';
import { promptInstall, useInstallOffer } from '../../lib/pwa.ts';

/**
 * "Instalar app": shown only where the browser can install the site (decision 0166). On Chromium it opens
 * the browser's own dialog; on an iPhone it explains the two taps of Safari's Share sheet. Rendered as an
 * item of the account menu (`menuitem`) or as a plain button (the footer, for visitors).
 */
export function InstallAppEntry({
  variant,
  onDone,
}: {
  variant: 'menuitem' | 'button';
  onDone?: () => void;
}) {
  const offer = useInstallOffer();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  if (!offer) return null;

  const start = () => {
    if (offer === 'prompt') {
      onDone?.();
      void promptInstall();
    } else dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    onDone?.();
  };

  const entry =
    variant === 'menuitem' ? (
      <button
        role="menuitem"
        type="button"
        onClick={start}
        aria-haspopup={offer === 'ios' ? 'dialog' : undefined}
      >
        Instalar app
      </button>
    ) : (
      <button
        type="button"
        className="install-app-button"
        onClick={start}
        aria-haspopup={offer === 'ios' ? 'dialog' : undefined}
      >
        Instalar app
      </button>
    );

  return (
    <>
      {entry}
      {offer === 'ios' ? (
        <dialog ref={dialog} className="dr-dialog install-dialog" aria-labelledby={`${id}-title`}>
          <div className="dr-dialog-head">
            <h2 id={`${id}-title`}>Instalar en tu iPhone</h2>
            <button type="button" className="dr-dialog-close" onClick={close} aria-label="Cerrar">
              ×
            </button>
          </div>
          <div className="dr-dialog-body">
            <p className="install-lead">
              Agrega el sitio a tu pantalla de inicio y ábrelo como una app, sin tienda de apps.
            </p>
            <ol className="install-steps">
              <li>Abre esta página en Safari.</li>
              <li>
                Toca <strong>Compartir</strong>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                (el cuadrado con una flecha hacia arriba).
              </li>
              <li>
                Elige <strong>Agregar a inicio</strong> y toca <strong>Agregar</strong>.
              </li>
            </ol>
            <p className="field-hint">Compartir → Agregar a inicio</p>
            <button type="button" className="button install-done" onClick={close}>
              Entendido
            </button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
