import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { saveWatermark, useWatermark, watermarkPath } from '../../lib/api/watermark.ts';
import { useInvalidateApi } from '../../lib/query.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { SettingSwitch } from '../ui/setting-switch.tsx';

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
    <SettingSwitch
      title="Marcar mis fotos con el nombre del sitio y mi apodo"
      testId="watermark-state"
      on={on}
      state={on ? 'Tus fotos públicas llevan tu marca.' : 'Tus fotos públicas se muestran sin marca.'}
      hint="Una marca pequeña en una esquina de tu foto de perfil y de las fotos de tu galería hace más difícil que alguien las use en otro sitio. Tus videos, tu documento y tus selfies de verificación nunca se marcan."
      labels={{ on: 'Quitar la marca', off: 'Marcar mis fotos' }}
      busy={busy}
      disabled={settings.isPending}
      onToggle={() => void toggle()}
      flash={flash}
    />
  );
}
