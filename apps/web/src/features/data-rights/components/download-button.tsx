import { useState } from 'react';
import { msg } from '@encanto/core/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadMyData } from '../api/export-data.ts';
import { useFlash } from './use-flash.ts';

/** 'Descargar mis datos': the whole export as a JSON file. */
export function DownloadButton({ className = 'button button-secondary' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const [flash, show] = useFlash(6000);
  const onClick = async () => {
    setBusy(true);
    try {
      const name = await downloadMyData();
      show('success', `Listo: revisa tus descargas (${name}).`);
    } catch (err) {
      show('error', err instanceof ApiError && err.mensaje ? err.mensaje : msg.exportError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="dr-download">
      <button
        type="button"
        className={className}
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Preparando archivo...' : 'Descargar mis datos'}
      </button>
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
