import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { setPause } from '../../lib/api/my-data.ts';
import { useInvalidateApi } from '../../lib/query.ts';

/** The escort's pause: her profile disappears from every listing and its card, and nothing is deleted. */
export function PauseToggle({
  paused,
  suspended,
  onChanged,
}: {
  paused: boolean;
  suspended: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const invalidate = useInvalidateApi();
  const { busy, run } = useAction(async () => {
    await onChanged();
    // Listings and her own card read other paths; every read refetches.
    await invalidate('/');
  });
  const [flash, show] = useTimedMessage(5000);
  const toggle = () =>
    run(() => setPause(!paused), {
      onSuccess: (res) => show('success', res.mensaje),
      onError: (err) => show('error', errorText(err, msg.pauseError)),
    });
  return (
    <div className="dr-block">
      <h3>Pausar mi perfil</h3>
      <p className="dr-state" data-testid="pause-state">
        <span className={`dr-dot ${paused ? 'dr-dot-off' : 'dr-dot-on'}`} aria-hidden="true" />
        {paused
          ? 'Tu perfil está en pausa: nadie lo ve.'
          : 'Tu perfil está visible para quienes visitan el sitio.'}
      </p>
      <p className="field-hint">
        La pausa oculta tu tarjeta, tus fotos y tu perfil en todo el sitio, sin borrar nada. Vuelves cuando
        quieras.
      </p>
      {suspended && (
        <p className="message message-error" role="status">
          Tu perfil está oculto mientras la administración revisa una denuncia.
        </p>
      )}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void toggle()}
        disabled={busy}
        aria-pressed={paused}
      >
        {busy ? 'Guardando...' : paused ? 'Reactivar mi perfil' : 'Pausar mi perfil'}
      </button>
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
