import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { downloadMyData } from '../../lib/api/export-data.ts';

/**
 * 'Descargar mis datos': the whole export as a JSON file, and the same as a page to read with Spanish
 * field names (decision 0148).
 */
export function DownloadButton({ className = 'button button-secondary' }: { className?: string }) {
  const { busy, run } = useAction();
  const [flash, show] = useTimedMessage(6000);
  const onClick = (as: 'json' | 'pagina') =>
    run(() => downloadMyData(as), {
      onSuccess: (name) => show('success', `Listo: revisa tus descargas (${name}).`),
      onError: (err) => show('error', errorText(err, msg.exportError)),
    });
  return (
    <div className="dr-download">
      <div className="dr-download-buttons">
        <button
          type="button"
          className={className}
          onClick={() => void onClick('json')}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Preparando archivo...' : 'Descargar mis datos'}
        </button>
        <button
          type="button"
          className={className}
          onClick={() => void onClick('pagina')}
          disabled={busy}
          aria-busy={busy}
        >
          Descargar como página para leer
        </button>
      </div>
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
