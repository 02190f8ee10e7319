import { useId, useState } from 'react';
import { meetingRules } from '@encanto/core/meetings';

/** 'Rechazar' with an optional reason the client will read (plain text, 300 characters at most). */
export function RejectForm({
  onSubmit,
  onCancel,
  busy,
}: {
  onSubmit: (motivo: string) => Promise<void>;
  onCancel: () => void;
  busy: boolean;
}) {
  const id = useId();
  const [motivo, setMotivo] = useState('');
  return (
    <form
      className="meeting-inline-form"
      aria-label="Rechazar solicitud"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(motivo.trim());
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-m`}>Motivo (opcional, lo leerá el cliente)</label>
        <textarea
          id={`${id}-m`}
          rows={2}
          maxLength={meetingRules.rejectReasonMax}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
          placeholder="Por ejemplo: ese día no estoy disponible."
        />
      </div>
      <div className="rating-form-actions">
        <button type="submit" className="button button-danger" disabled={busy}>
          Rechazar solicitud
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Volver
        </button>
      </div>
    </form>
  );
}
