import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { setPause } from '../../lib/api/my-data.ts';
import { useInvalidateApi } from '../../lib/query.ts';
import { SettingSwitch } from '../ui/setting-switch.tsx';

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
    <SettingSwitch
      title="Pausar mi perfil"
      testId="pause-state"
      on={paused}
      lit={!paused}
      state={
        paused
          ? 'Tu perfil está en pausa: nadie lo ve.'
          : 'Tu perfil está visible para quienes visitan el sitio.'
      }
      hint="La pausa oculta tu tarjeta, tus fotos y tu perfil en todo el sitio, sin borrar nada. Vuelves cuando quieras."
      labels={{ on: 'Reactivar mi perfil', off: 'Pausar mi perfil' }}
      busy={busy}
      onToggle={() => void toggle()}
      flash={flash}
    >
      {suspended && (
        <p className="message message-error" role="status">
          Tu perfil está oculto mientras la administración revisa una denuncia.
        </p>
      )}
    </SettingSwitch>
  );
}
