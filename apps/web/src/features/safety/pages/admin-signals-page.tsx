import { Link } from 'react-router';
import { msg } from '@encanto/core/messages';
import { signalDismissSchema, signalKindLabels, type Signal } from '@encanto/core/safety';
import { paths } from '../../../config/paths.ts';
import { DecisionQueue, NoteDecision, type QueueItem } from '../../../components/admin/decision-queue.tsx';
import { dismissSignal, signalsPath, useRefresh, useSignals } from '../../../lib/api/safety.ts';
import { useAdminHead } from '../../../lib/admin-head.ts';
import { formatDateTime } from '@encanto/core/chile-time';
import { PhotoHoldsList } from '../components/photo-holds-list.tsx';

const kindWord = { cliente: 'Cliente', usuario: 'Escort', admin: 'Administración' } as const;
const holdStateWord = { en_revision: 'en revisión', liberada: 'liberada', retirada: 'retirada' } as const;

const dismissal = [
  { decision: 'descartar', label: 'Descartar', className: 'button button-secondary' },
] as const;

function SignalItem({ signal, queue }: { signal: Signal; queue: QueueItem }) {
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
      {/* The note the API requires to dismiss (signalDismissSchema: 3 to 300 characters). */}
      <NoteDecision
        queue={queue}
        schema={signalDismissSchema}
        fallback={msg.signalNoteRequired}
        fieldId={fieldId}
        label="Nota para descartar"
        placeholder="Por ejemplo: son la misma persona con dos perfiles autorizados"
        decisions={dismissal}
        onDecide={(_descartar, nota) => dismissSignal(signal.clave, nota)}
      />
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
  return (
    <DecisionQueue
      titleId="senales-title"
      title="Señales de suplantación o explotación"
      intro={
        <>
          Cuentas que comparten una foto, un teléfono, un documento o una dirección de registro. Una señal no
          bloquea a nadie: revisa los perfiles y decide.
        </>
      }
      list={useSignals()}
      refresh={useRefresh(signalsPath)}
      loadError="No se pudieron cargar las señales."
      empty="No hay señales abiertas."
      keyOf={(s) => s.clave}
      item={(s, queue) => <SignalItem signal={s} queue={queue} />}
      after={(show) => <PhotoHoldsList show={show} />}
    />
  );
}
