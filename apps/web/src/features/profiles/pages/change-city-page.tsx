import { Controller } from 'react-hook-form';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import { citySchema } from '@encanto/core/profiles';
import { CityPicker } from '../../../components/city-picker.tsx';
import { RequireAuth } from '../../../components/require-auth.tsx';
import { useHead } from '../../../lib/head.tsx';
import { getStored, useSession } from '../../../lib/session.ts';
import { useSite } from '../../../lib/site.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { firstErrorOf, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { changeCity, useEscortProfile, useRefreshProfile } from '../api/profile.ts';
import { cityChangeProblem, cityFailureText } from '../profile-rules.ts';

/** /CambiarCiudad: the escort moves her profile to another comuna. */
export default function ChangeCityPage() {
  const site = useSite();
  useHead({ title: `Actualizar Ciudad – ${site.name}`, robots: 'noindex' });
  return (
    <RequireAuth kind="usuario">
      <ChangeCity />
    </RequireAuth>
  );
}

function ChangeCity() {
  const { rut } = useSession();
  const profile = useEscortProfile(rut);
  const refresh = useRefreshProfile();
  // The API's schema (PUT usuario/ciudad): a comuna of the catalogue, else 'Debes seleccionar…'.
  const form = useSchemaForm(citySchema, { defaultValues: { ciudad: '' } });
  const { busy, run } = useAction(refresh);
  // The spec shows every city message for 2 s.
  const [message, show] = useTimedMessage(timings.cityMessageMs);

  const onSubmit = form.handleSubmit(
    async ({ ciudad }) => {
      const problem = cityChangeProblem(ciudad, getStored('nickname'));
      if (problem) return show('error', problem);
      await run(() => changeCity(rut ?? '', ciudad), {
        onSuccess: (res) => {
          show('success', res.msg);
          form.reset();
        },
        onError: (err) => show('error', cityFailureText(err)),
      });
    },
    (errors) => show('error', firstErrorOf(errors) ?? msg.cityMustBeChosen),
  );

  return (
    <div className="page change-city-page">
      <form className="form form-card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1 className="page-title">Actualizar Ciudad</h1>
        <p className="field-hint" aria-live="polite">
          Ciudad actual: <strong data-testid="ciudad-actual">{profile.data?.ciudad ?? '…'}</strong>
        </p>
        <Controller
          control={form.control}
          name="ciudad"
          render={({ field }) => (
            <CityPicker value={field.value} onChange={field.onChange} label="Nueva ciudad" disabled={busy} />
          )}
        />
        <div aria-live="polite" className="message-slot">
          {message && <p className={`message message-${message.kind}`}>{message.text}</p>}
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Cambiando...' : 'Cambiar Ciudad'}
        </button>
      </form>
    </div>
  );
}
