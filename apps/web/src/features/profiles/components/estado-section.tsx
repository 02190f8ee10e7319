import { useNavigate } from 'react-router';
import { timings, type Estado } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { changeEstado, useRefreshProfile } from '../api/profile.ts';
import { estadoLabel, otherEstado } from '../profile-rules.ts';

/**
 * 'ACTUALIZAR ESTADO': the current status and one button to switch it. Success
 * goes to /ModificaEstado; a refusal shows the server's message (or the spec's
 * default) for 4 s.
 */
export function EstadoSection({ rut, estado }: { rut: string; estado: Estado }) {
  const navigate = useNavigate();
  const refresh = useRefreshProfile();
  const { busy, run } = useAction();
  const [message, show] = useTimedMessage(timings.statusErrorMessageMs);
  const next = otherEstado(estado);

  const onChange = () =>
    run(
      async () => {
        const res = await changeEstado(rut, next);
        await refresh();
        return res;
      },
      {
        onSuccess: (res) => void navigate(paths.statusChanged, { state: { estado: res.estado } }),
        onError: (err) => show('error', errorText(err, msg.statusChangeFailed)),
        keepBusyOnSuccess: true,
      },
    );

  return (
    <section
      id="cambiar-estado"
      tabIndex={-1}
      className="form-card profile-section"
      aria-labelledby="estado-title"
    >
      <h2 id="estado-title">ACTUALIZAR ESTADO</h2>
      <p className="estado-current">
        Estado actual:{' '}
        <span className={`estado-badge estado-${estado}`} data-testid="estado-actual">
          {estadoLabel(estado)}
        </span>
      </p>
      <p className="field-hint">
        {estado === 'disponible'
          ? 'Tu tarjeta recibe solicitudes; con tu perfil completo apareces en los listados.'
          : 'No apareces en los listados; tu tarjeta indica que no estás disponible.'}
      </p>
      <button type="button" className="button" onClick={() => void onChange()} disabled={busy}>
        {busy ? 'Cambiando...' : `Cambiar a ${estadoLabel(next).toLowerCase()}`}
      </button>
      <div aria-live="assertive" className="message-slot">
        {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
      </div>
    </section>
  );
}
