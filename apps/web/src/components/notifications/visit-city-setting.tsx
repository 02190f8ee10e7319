import { useState } from 'react';
import { msg } from '@encanto/core/messages';
import { CityPicker } from '../city-picker.tsx';
import { errorText } from '../../lib/api-client.ts';
import { saveVisitCity, useVisitCity } from '../../lib/api/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';

/**
 * "Visitas de tus favoritas" for clients (decision 0170): which comuna's visits he hears about, his own by
 * default or another he chooses (where he will be, where he works).
 */
export function VisitCitySetting() {
  const session = useSession();
  const city = useVisitCity(session.role === 'cliente');
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState('');
  const { busyKey, run } = useAction(city.refetch);
  const [message, show] = useTimedMessage(4000);
  if (session.role !== 'cliente') return null;

  const save = (ciudad: string | null) =>
    run(() => saveVisitCity(ciudad), {
      onSuccess: () => {
        setEditing(false);
        show('success', msg.notificationsSaved);
      },
      onError: (err) => show('error', errorText(err, msg.notificationsError)),
    });

  return (
    <section
      id="visitas-favoritas"
      className="form-card profile-section notification-settings"
      aria-labelledby="visitas-favoritas-title"
    >
      <h2 id="visitas-favoritas-title">VISITAS DE TUS FAVORITAS</h2>
      <p className="field-hint notification-intro">
        Te avisamos una vez cuando una de tus favoritas anuncia una visita a tu comuna.
      </p>
      {city.isPending ? (
        <div className="skeleton notification-skeleton" />
      ) : city.isError ? (
        <p className="message message-error">{errorText(city.error, msg.notificationsError)}</p>
      ) : editing ? (
        <div className="visit-city-edit">
          <CityPicker
            value={choice}
            onChange={setChoice}
            label="Comuna de los avisos"
            disabled={busyKey !== null}
          />
          <div className="visit-city-actions">
            <button
              type="button"
              className="button"
              disabled={!choice || busyKey !== null}
              onClick={() => void save(choice)}
            >
              Guardar comuna
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <div className="visit-city-current">
          <p>
            Comuna de los avisos: <strong>{city.data.ciudad ?? city.data.propia}</strong>
            {city.data.ciudad ? null : <span className="switch-hint"> (la de tu cuenta)</span>}
          </p>
          <div className="visit-city-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setChoice(city.data.ciudad ?? city.data.propia);
                setEditing(true);
              }}
            >
              Elegir otra comuna
            </button>
            {city.data.ciudad ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={busyKey !== null}
                onClick={() => void save(null)}
              >
                Usar la de mi cuenta
              </button>
            ) : null}
          </div>
        </div>
      )}
      <div aria-live="polite" className="message-slot">
        {message ? <p className={`message message-${message.kind}`}>{message.text}</p> : null}
      </div>
    </section>
  );
}
