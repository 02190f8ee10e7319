import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import { signalDismissSchema, signalKindLabels, type Signal } from '@encanto/core/safety';
import { paths } from '../../../config/paths.ts';
import { errorText } from '../../../lib/api-client.ts';
import { dismissSignal, signalsPath, useRefresh, useSignals } from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { PhotoHoldsList } from '../components/photo-holds-list.tsx';

const kindWord = { cliente: 'Cliente', usuario: 'Escort', admin: 'Administración' } as const;
const holdStateWord = { en_revision: 'en revisión', liberada: 'liberada', retirada: 'retirada' } as const;

function SignalItem({
  signal,
  busy,
  onDismiss,
  onInvalid,
}: {
  signal: Signal;
  busy: boolean;
  onDismiss: (nota: string) => void;
  onInvalid: (text: string) => void;
}) {
  // The note the API requires to dismiss (signalDismissSchema: 3 to 300 characters).
  const form = useSchemaForm(signalDismissSchema, { defaultValues: { nota: '' } });
  const dismiss = form.handleSubmit(
    ({ nota }) => onDismiss(nota),
    (errors) => onInvalid(firstErrorOf(errors) ?? msg.signalNoteRequired),
  );
  const fieldId = `nota-${signal.clave}`;
  return (
    <li className="safety-item">
      <h3>
        {signalKindLabels[signal.tipo]}
        {signal.perfil_publicado ? <span className="safety-tab-count">perfil publicado</span> : null}
      </h3>
      <p className="safety-meta">Encontrada: {formatDateTime(signal.encontrada)}</p>
      <ul className="safety-accounts" aria-label="Cuentas del grupo">
        {signal.cuentas.map((c) => (
          <li key={c.nickname} className="chip">
            {c.tipo === 'usuario' ? (
              <Link to={paths.adminProfile(c.nickname)}>{c.nickname}</Link>
            ) : (
              c.nickname
            )}{' '}
            · {kindWord[c.tipo]} · {c.autorizado === 'aprobado' ? 'autorizada' : 'pendiente'}
            {c.publicado ? ' · publicada' : ''}
          </li>
        ))}
      </ul>
      {signal.fotos_retenidas.length > 0 ? (
        <p className="safety-meta">
          Fotos retenidas:{' '}
          {signal.fotos_retenidas.map((f) => `${f.nickname} (${holdStateWord[f.estado]})`).join(', ')}. Decide
          abajo, en «Fotos retenidas».
        </p>
      ) : null}
      <div className="safety-actions">
        <div className="field">
          <label htmlFor={fieldId}>Nota para descartar</label>
          <input
            id={fieldId}
            maxLength={300}
            placeholder="Por ejemplo: son la misma persona con dos perfiles autorizados"
            {...form.register('nota')}
          />
        </div>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void dismiss()}
        >
          Descartar
        </button>
      </div>
    </li>
  );
}

/**
 * /pendientes/senales: groups of accounts sharing a photo, a phone, a document
 * or a registration address. Never public and never a block by itself: the
 * admin looks, then suspends or dismisses with a note.
 */
export default function AdminSignalsPage() {
  useAdminHead('Señales');
  const list = useSignals();
  const { busyKey, run } = useAction<string>(useRefresh(signalsPath));
  const [message, show] = useTimedMessage(5000);

  return (
    <section aria-labelledby="senales-title">
      <h2 id="senales-title" className="admin-section-title">
        Señales de suplantación o explotación
      </h2>
      <p className="safety-meta">
        Cuentas que comparten una foto, un teléfono, un documento o una dirección de registro. Una señal no
        bloquea a nadie: revisa los perfiles y decide.
      </p>
      <div aria-live="polite" className="message-slot">
        {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
      </div>
      {list.isPending ? (
        <div className="skeleton" style={{ height: 160 }} />
      ) : list.isError ? (
        <p className="message message-error">No se pudieron cargar las señales.</p>
      ) : list.data.length === 0 ? (
        <p>No hay señales abiertas.</p>
      ) : (
        <ul className="safety-list">
          {list.data.map((s) => (
            <SignalItem
              key={s.clave}
              signal={s}
              busy={busyKey !== null}
              onDismiss={(nota) =>
                void run(
                  () => dismissSignal(s.clave, nota),
                  {
                    onSuccess: (res) => show('success', res.mensaje),
                    onError: (err) => show('error', errorText(err, msg.genericRetry)),
                  },
                  s.clave,
                )
              }
              onInvalid={(text) => show('error', text)}
            />
          ))}
        </ul>
      )}
      <PhotoHoldsList show={show} />
    </section>
  );
}
