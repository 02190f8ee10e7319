import { useState } from 'react';
import {
  alertAnswerSchema,
  alertCategoryLabels,
  alertRules,
  formatAlertMonth,
  type MyAlert,
} from '@encanto/core/alerts';
import { formatDate } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import { errorText } from '../../lib/api-client.ts';
import {
  alertSettingsPath,
  answerAlert,
  myAlertsPath,
  saveAlertSettings,
  useAlertSettings,
  useMyAlerts,
} from '../../lib/api/alerts.ts';
import { useInvalidateApi } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { WatermarkToggle } from './watermark-toggle.tsx';
import { SettingSwitch } from '../ui/setting-switch.tsx';

/** The escort's choice: refuse requests from clients with a confirmed safety alert (decision 0171). */
function RefuseToggle() {
  const settings = useAlertSettings(true);
  const invalidate = useInvalidateApi();
  const { busy, run } = useAction(() => invalidate(alertSettingsPath));
  const [flash, show] = useTimedMessage(5000);
  const on = settings.data?.rechazar_con_alertas ?? false;
  const toggle = () =>
    run(() => saveAlertSettings({ rechazar_con_alertas: !on }), {
      onSuccess: (r) => show('success', r.mensaje),
      onError: (err) => show('error', errorText(err, msg.alertSettingsError)),
    });
  return (
    <SettingSwitch
      title="Solicitudes de clientes con alertas"
      testId="alert-refuse-state"
      on={on}
      state={
        on
          ? 'No recibes solicitudes de clientes con una alerta de seguridad confirmada.'
          : 'Recibes solicitudes de todos los clientes verificados; las de clientes con alertas las verás marcadas.'
      }
      hint="Una alerta confirmada es un aviso de otra escort que la administración revisó. El cliente no sabrá que rechazaste su solicitud por esto."
      labels={{ on: 'Volver a recibirlas', off: 'Rechazarlas automáticamente' }}
      busy={busy}
      disabled={settings.isPending}
      onToggle={() => void toggle()}
      flash={flash}
    />
  );
}

const stateWords: Record<MyAlert['estado'], string> = {
  confirmada: 'Vigente',
  vencida: 'Vencida',
  retirada: 'Retirada por la administración',
};

/** One alert about the client, with his one answer. */
function MyAlertItem({ alert: a }: { alert: MyAlert }) {
  const invalidate = useInvalidateApi();
  const { busy, run } = useAction(() => invalidate(myAlertsPath));
  const [flash, show] = useTimedMessage(6000);
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(alertAnswerSchema, { defaultValues: { texto: '' } });
  const fieldId = `descargo-${a.id}`;
  const fieldError = form.formState.errors.texto?.message;
  const submit = form.handleSubmit(({ texto }) =>
    run(() => answerAlert(a.id, texto), {
      onSuccess: (r) => {
        setOpen(false);
        show('success', r.mensaje);
      },
      onError: (err) => show('error', errorText(err, msg.alertAnswerError)),
    }),
  );
  return (
    <li className="my-alert" data-testid="my-alert">
      <p className="my-alert-head">
        <strong>{alertCategoryLabels[a.categoria]}</strong> · {formatAlertMonth(a.fecha)} ·{' '}
        <span className={`my-alert-state my-alert-${a.estado}`}>{stateWords[a.estado]}</span>
      </p>
      {a.vigente_hasta ? (
        <p className="field-hint">Deja de mostrarse el {formatDate(a.vigente_hasta)}.</p>
      ) : null}
      {a.descargo ? (
        <div className="alert-answer">
          <p className="field-hint">
            Tu descargo{a.descargo_fecha ? ` (${formatDate(a.descargo_fecha)})` : ''}:
          </p>
          <blockquote className="alert-text">{a.descargo}</blockquote>
        </div>
      ) : a.estado === 'confirmada' && !open ? (
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Dar mi descargo
        </button>
      ) : null}
      {open && !a.descargo ? (
        <form className="alert-answer-form" aria-label="Tu descargo" onSubmit={(e) => void submit(e)}>
          <div className="field">
            <label htmlFor={fieldId}>
              Tu versión (la lee solo la administración; puedes enviarla una vez)
            </label>
            <textarea
              id={fieldId}
              rows={4}
              maxLength={alertRules.answerMax}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${fieldId}-e` : undefined}
              {...form.register('texto')}
            />
            {fieldError ? (
              <p id={`${fieldId}-e`} className="field-error" role="alert">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="rating-form-actions">
            <button type="submit" className="button" disabled={busy}>
              Enviar descargo
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              Volver
            </button>
          </div>
        </form>
      ) : null}
      <div aria-live="polite" className="message-slot">
        {flash && <p className={`message message-${flash.kind}`}>{flash.text}</p>}
      </div>
    </li>
  );
}

/** The alerts confirmed about the client: category, month, status and his answer, never who filed them. */
function MyAlertsList() {
  const alerts = useMyAlerts(true);
  if (alerts.isPending) return <div className="skeleton dr-skeleton" aria-hidden="true" />;
  if (alerts.isError) return <p className="message message-error">No pudimos cargar tus alertas.</p>;
  const list = alerts.data.alertas;
  return (
    <div className="dr-block">
      {list.length === 0 ? (
        <p className="field-hint" data-testid="no-alerts">
          No tienes alertas de seguridad. Gracias por ser un buen cliente.
        </p>
      ) : (
        <>
          <p className="field-hint">
            Una escort con quien tuviste una cita avisó de un problema y la administración lo confirmó.
            Durante 12 meses, las escorts que reciban tu solicitud verán la categoría y el mes, nada más. Si
            crees que es un error, cuéntanos tu versión.
          </p>
          <ul className="my-alerts">
            {list.map((a) => (
              <MyAlertItem key={a.id} alert={a} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * "Alertas de seguridad" on the account page (decision 0171): the escort chooses whether to refuse
 * requests from clients with a confirmed alert; the client sees the alerts about him and answers.
 */
export function AlertsSection() {
  const session = useSession();
  if (session.role !== 'usuario' && session.role !== 'cliente') return null;
  return (
    <section
      id="alertas"
      tabIndex={-1}
      className="form-card profile-section dr-section"
      aria-labelledby="alertas-title"
    >
      <h2 id="alertas-title">ALERTAS DE SEGURIDAD</h2>
      {session.role === 'usuario' ? (
        <>
          <p className="dr-lead">
            Si un cliente te hizo sentir insegura, avísanos desde la cita en «Solicitudes» (botón «Alerta de
            seguridad»). Nunca sabrá que fuiste tú.
          </p>
          <RefuseToggle />
          <WatermarkToggle />
        </>
      ) : (
        <MyAlertsList />
      )}
    </section>
  );
}
