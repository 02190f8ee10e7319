import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';

/**
 * The administrator's reason for rejecting the document, in the person's own
 * screens, with what to do next: the reason is what they need to take a better
 * photo, and uploading again is the way forward.
 */
export function RejectionPanel({ motivo, children }: { motivo: string; children?: ReactNode }) {
  return (
    <section className="rejection-panel" aria-labelledby="rechazo-title">
      <Icon name="alert" size={26} />
      <div>
        <h2 id="rechazo-title">Tu documento fue rechazado</h2>
        <p className="rejection-reason">
          <span>Motivo:</span> {motivo}
        </p>
        <p>Sube una nueva foto de tu documento y la revisaremos otra vez.</p>
        {children}
      </div>
    </section>
  );
}
