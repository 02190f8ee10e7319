import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { EscortProfile } from '@encanto/core/accounts';
import { limits } from '@encanto/core/constants';
import { formatLongDate } from '@encanto/core/chile-time';
import { msg } from '@encanto/core/messages';
import {
  escortUpdateSchema,
  formatMedidas,
  legendaCount,
  profileMessageMs,
  type EscortUpdate,
} from '@encanto/core/profiles';
import { inputFilters } from '@encanto/core/fields';
import { errorText } from '../../../lib/api-client.ts';
import { hasStoredSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { updateEscortData, useRefreshProfile } from '../api/profile.ts';
import { ProfileDetailsFields } from './profile-details-fields.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} readOnly />
    </div>
  );
}

const valuesOf = (p: EscortProfile): EscortUpdate => ({
  rut_usuario: p.rut_usuario,
  apellido: p.apellido,
  fono: p.fono,
  url: p.url,
  medidas: p.medidas,
  legenda: p.legenda,
  tarifa_desde: p.tarifa_desde,
  servicios: p.servicios,
  atiende: p.atiende ?? '',
  horario: p.horario ?? '',
  idiomas: p.idiomas,
});

/**
 * The escort's data form: read-only identity fields, then display name, phone,
 * medidas (typed as digits, shown NN/NN/NN), legenda with a live count and the
 * optional details (rate, services, where she receives, hours, languages).
 */
export function EscortDataForm({ profile }: { profile: EscortProfile }) {
  const id = useId();
  const refresh = useRefreshProfile();
  // The submit button shows the form's own isSubmitting, which lasts until run() settles.
  const { run } = useAction(refresh);
  const [message, show] = useTimedMessage(profileMessageMs);
  const form = useSchemaForm<EscortUpdate>(escortUpdateSchema, { defaultValues: valuesOf(profile) });
  const { register, handleSubmit, formState, reset } = form;
  const seed = form.seed;
  const errors = formState.errors;

  // A new photo changes the url behind the form: keep the hidden value current.
  useEffect(() => {
    form.setValue('url', profile.url);
  }, [form, profile.url]);

  const legenda = useWatch({ control: form.control, name: 'legenda' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    if (!hasStoredSession()) return show('error', msg.noToken);
    if (!values.url) return show('error', msg.profileImageRequired);
    await run(() => updateEscortData(values), {
      onSuccess: (res) => {
        reset(values);
        show('success', res.mensaje);
      },
      onError: (err) => show('error', errorText(err, msg.dataUpdateError)),
    });
  });

  const fieldError = (name: keyof EscortUpdate) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const aria = (name: keyof EscortUpdate) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  const medidas = register('medidas');
  const fono = register('fono');

  return (
    <section
      id="actualizar-datos"
      tabIndex={-1}
      className="form-card profile-section"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>ACTUALIZAR DATOS</h2>
      <form className="form profile-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="profile-grid">
          <ReadOnly id={`${id}-nombre`} label="Nombre" value={profile.nombre} />
          <ReadOnly
            id={`${id}-fecha`}
            label="Fecha de Nacimiento"
            value={formatLongDate(profile.fecha_nac)}
          />
          <ReadOnly id={`${id}-email`} label="Correo Electrónico" value={profile.email} />
          <ReadOnly id={`${id}-genero`} label="Género" value={profile.genero} />
          <ReadOnly id={`${id}-ciudad`} label="Ciudad" value={profile.ciudad} />
        </div>
        <div className="profile-grid">
          <div className="field">
            <label htmlFor={`${id}-apellido`}>Nombre para Mostrar</label>
            <input
              id={`${id}-apellido`}
              maxLength={40}
              autoComplete="nickname"
              {...register('apellido')}
              {...seed('apellido')}
              {...aria('apellido')}
            />
            {fieldError('apellido')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-fono`}>Teléfono</label>
            <input
              id={`${id}-fono`}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              {...fono}
              {...seed('fono')}
              onChange={(e) => {
                e.target.value = inputFilters.phone(e.target.value);
                void fono.onChange(e);
              }}
              {...aria('fono')}
            />
            {fieldError('fono')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-medidas`}>Medidas</label>
            <input
              id={`${id}-medidas`}
              inputMode="numeric"
              placeholder="90/60/90"
              maxLength={limits.medidasMax}
              {...medidas}
              {...seed('medidas')}
              onChange={(e) => {
                e.target.value = formatMedidas(e.target.value);
                void medidas.onChange(e);
              }}
              {...aria('medidas')}
            />
            {fieldError('medidas')}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-legenda`}>Leyenda</label>
          <textarea
            id={`${id}-legenda`}
            rows={5}
            maxLength={limits.legendaMax}
            {...register('legenda')}
            {...seed('legenda')}
            {...aria('legenda')}
            aria-describedby={`${id}-legenda-count${errors.legenda ? ` ${id}-legenda-error` : ''}`}
          />
          <p id={`${id}-legenda-count`} className="field-hint legenda-count" aria-live="polite">
            {legendaCount(legenda)}
          </p>
          {fieldError('legenda')}
        </div>
        <ProfileDetailsFields form={form} />
        {fieldError('url')}
        <div aria-live="polite" className="message-slot">
          {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
        </div>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </form>
    </section>
  );
}
