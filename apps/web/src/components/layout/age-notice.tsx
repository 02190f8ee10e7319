import { useEffect, useRef } from 'react';
import { confirmAge } from '../../lib/age-notice.ts';

/** Where "Salir" takes someone who is not of age: a neutral page outside the site. */
const LEAVE_URL = 'https://www.google.cl/';

/**
 * The 18+ notice over the public pages on a device's first visit. A native
 * modal <dialog>: the page behind is inert and focus stays inside; Escape does
 * not dismiss it, only one of its two answers does. Loaded on demand, only
 * for a device that has not answered yet.
 */
export default function AgeNotice() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The page behind must not scroll under the notice on a phone.
    document.documentElement.classList.add('age-notice-open');
    return () => {
      document.documentElement.classList.remove('age-notice-open');
      dialog?.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="age-notice"
      aria-labelledby="aviso-edad-titulo"
      aria-describedby="aviso-edad-texto"
      onCancel={(e) => e.preventDefault()}
    >
      <p className="age-notice-mark" aria-hidden="true">
        18+
      </p>
      <h2 id="aviso-edad-titulo" className="age-notice-title">
        Solo para mayores de edad
      </h2>
      <p id="aviso-edad-texto" className="age-notice-text">
        Este sitio contiene material para adultos. Para entrar debes tener 18 años o más y aceptar ver este
        contenido.
      </p>
      <div className="age-notice-actions">
        <button type="button" className="button" onClick={confirmAge}>
          Soy mayor de 18 años
        </button>
        <a className="button button-secondary" href={LEAVE_URL} rel="noreferrer">
          Salir
        </a>
      </div>
      <p className="age-notice-small">Recordaremos tu respuesta en este dispositivo.</p>
    </dialog>
  );
}
