import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { saveWatermark, useWatermark, watermarkPath } from '../../lib/api/watermark.ts';
import { useInvalidateApi } from '../../lib/query.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';

/**
 * The escort's watermark switch (decision 0178): her public pictures carry the site's name and her
 * nickname in a corner; off brings the unmarked pictures back.
 */
export function WatermarkToggle() {
  const settings = useWatermark(true);
  const invalidate = useInvalidateApi();
  const { busy, run } = useAction(() => invalidate(watermarkPath));
  const [flash, show] = useTimedMessage(5000);
  const on = settings.data?.activa ?? false;
  const toggle = () =>
    run(() => saveWatermark({ activa: !on }), {
      onSuccess: (r) => show('success', r.mensaje),
      onError: (err) => show('error', errorText(err, msg.watermarkError)),
    });
  return (
    <div className="dr-block">
      <h3>Marcar mis fotos con el nombre del sitio y mi apodo</h3>
      <p className="dr-state" data-testid="watermark-state">
        <span className={`dr-dot ${on ? 'dr-dot-on' : 'dr-dot-off'}`} aria-hidden="true" />
        {on ? 'Tus fotos públicas llevan tu marca.' : 'Tus fotos públicas se muestran sin marca.'}
      </p>
      <p className="field-hint">
        Una marca pequeña en una esquina de tu foto de perfil y de las fotos de tu galería hace más difícil
        que alguien las use en otro sitio. Tus videos, tu documento y tus selfies de verificación nunca se
        marcan.
      </p>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy || settings.isPending}
        aria-pressed={on}
        onClick={() => void toggle()}
      >
        {busy ? 'Guardando...' : on ? 'Quitar la marca' : 'Marcar mis fotos'}
      </button>
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </div>
  );
}
