import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatch, Controller, type UseFormRegister } from 'react-hook-form';
import type { ZodType } from 'zod';
import {
  clientRegisterFormSchema,
  clientRegisterSchema,
  escortRegisterFormSchema,
  escortRegisterSchema,
} from '@encanto/core/accounts';
import { latestAdultBirthDate } from '@encanto/core/age';
import { defaultAvatars, generoValues, type Genero } from '@encanto/core/constants';
import { inputFilters, nicknameField, normalizeNickname } from '@encanto/core/fields';
import { msg } from '@encanto/core/messages';
import { filterIdInput } from '@encanto/core/rut';
import { useHydrated } from '../../../lib/session.ts';
import { paths } from '../../../config/paths.ts';
import { keepTypedRegistered } from '../../../lib/keep-typed.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useCommonPasswords } from '../../../lib/use-common-passwords.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { registerFailureText } from '../account-messages.ts';
import { registerAccount } from '../api/register.ts';
import { storeClientSession, storeEscortSession } from '../api/login.ts';
import { CityPicker } from '../../../components/city-picker.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';
import type { AccountType, CheckedField } from '../api/availability.ts';
import { AvailabilityStatus } from './availability-status.tsx';
import { ConsentChecks } from './consent-checks.tsx';
import { useAvailabilityChecks } from './use-availability-checks.ts';

type Values = Record<string, string | boolean>;

const config = {
  cliente: {
    title: 'Registro Cliente',
    rutKey: 'rut_cliente',
    rutLabel: 'RUT o Pasaporte',
    formSchema: clientRegisterFormSchema,
    shape: clientRegisterSchema.shape,
  },
  usuario: {
    title: 'Registro Escort',
    rutKey: 'rut_usuario',
    // A migrant escort registers with her passport, as a client can (decision 0145).
    rutLabel: 'RUT o Pasaporte',
    formSchema: escortRegisterFormSchema,
    shape: escortRegisterSchema.shape,
  },
} as const;

/**
 * 'Registro Cliente' and 'Registro Escort'. Each of RUT, nickname and e-mail is
 * checked on blur after 2 s (both populations); submit stays disabled while a
 * check runs or a value is taken. The same zod schema validates here and on the server.
 */
export function RegisterForm({ type }: { type: AccountType }) {
  const c = config[type];
  const id = useId();
  // Until hydration the button would submit the form natively, so it waits for the app.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const checks = useAvailabilityChecks(type);
  const status = checks.status;
  const [formError, setFormError] = useState('');
  // The submit button shows the form's own isSubmitting, which lasts until run() settles.
  const { run } = useAction();
  useCommonPasswords();

  // One form for both screens: the values are typed loosely, each screen's schema checks them.
  const form = useSchemaForm<Values>(c.formSchema as unknown as ZodType<Values, Values>, {
    mode: 'onTouched',
    defaultValues: {
      [c.rutKey]: '',
      nombre: '',
      nickname: '',
      fecha_nac: '',
      email: '',
      pass: '',
      pass2: '',
      fono: '',
      genero: '',
      ciudad: '',
      acepta_terminos: false,
      acepta_datos_sensibles: false,
    },
  });
  const { register, handleSubmit, control, formState, setValue, getValues, trigger } = form;
  const errors = formState.errors;
  const nickname = String(useWatch({ control, name: 'nickname' }) ?? '');
  // What a refused nickname would become: offered with a button, never applied behind her back.
  const suggestion = errors.nickname ? normalizeNickname(nickname) : '';
  const offerSuggestion = suggestion !== nickname && nicknameField.safeParse(suggestion).success;
  // register() that keeps what was typed or autofilled before hydration (lib/keep-typed.ts).
  const keep = ((name: string) => form.keep(name)) as UseFormRegister<Values>;
  const keyOf = (field: CheckedField) => (field === 'rut' ? c.rutKey : field);

  /** On blur, a checked field asks whether its value is free, if the value passes its own rule. */
  const scheduleCheck = (field: CheckedField) => {
    const value = String(getValues(keyOf(field)) ?? '');
    const fieldSchema = (c.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>)[
      keyOf(field)
    ];
    checks.schedule(field, value, fieldSchema?.safeParse(value).success === true);
  };

  const onValid = async (values: Values) => {
    setFormError('');
    const { pass2: _repeat, ...rest } = values;
    const body = { ...rest, apellido: values.nickname, url: defaultAvatars[values.genero as Genero] };
    await run(() => registerAccount(type, body), {
      onSuccess: (answer) => {
        // The answer signs her in (no second login); an answer without a session leaves her signed out.
        let signedIn = true;
        try {
          if (type === 'cliente') storeClientSession(answer.sesion);
          else storeEscortSession(answer.sesion);
        } catch {
          signedIn = false;
        }
        void navigate(paths.registered, { state: { tipo: type, nickname: values.nickname, signedIn } });
      },
      onError: (err) => setFormError(registerFailureText(err)),
    });
  };
  // Each field shows its own words; the form's line is the spec's sentence for its kind (decision 0150).
  // Why "Registrarse" is disabled, said under it (decision 0150): which value is taken or still checked.
  const fieldWords: Record<CheckedField, string> = {
    rut: 'el RUT o pasaporte',
    nickname: 'el nickname',
    email: 'el email',
  };
  const named = (state: 'taken' | 'checking') =>
    (['rut', 'nickname', 'email'] as const).filter((f) => status[f] === state).map((f) => fieldWords[f]);
  const joinWords = (words: string[]) =>
    words.length > 1 ? `${words.slice(0, -1).join(', ')} y ${words[words.length - 1]}` : (words[0] ?? '');
  const taken = named('taken');
  const checking = named('checking');
  const blockedReason = !hydrated
    ? ''
    : taken.length > 0
      ? msg.registerBlockedTaken(joinWords(taken))
      : checking.length > 0
        ? msg.registerBlockedChecking(joinWords(checking))
        : '';
  const onInvalid = () => setFormError(type === 'usuario' ? msg.fixErrors : msg.allRequired);

  const fieldProps = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-msg`,
  });
  const fieldError = (name: string) => (
    <p id={`${id}-${name}-msg`} className="field-error" role={errors[name] ? 'alert' : undefined}>
      {errors[name]?.message as string | undefined}
    </p>
  );

  const filtered = (name: string, filter: (v: string) => string, field?: CheckedField) => {
    const reg = keepTypedRegistered(register(name), (typed) => setValue(name, filter(String(typed))));
    return {
      ...reg,
      onChange: async (e: { target: { value: string } }) => {
        const next = filter(e.target.value);
        if (field && next !== getValues(name)) checks.reset(field);
        setValue(name, next, { shouldValidate: formState.touchedFields[name] === true });
      },
      onBlur: async (e: React.FocusEvent<HTMLInputElement>) => {
        await reg.onBlur(e);
        if (field) scheduleCheck(field);
      },
    };
  };

  return (
    <section className="form-card account-card register-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="account-title">
        {c.title}
      </h1>
      <form
        method="post"
        className="form register-form"
        onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}
        noValidate
      >
        <div className="field">
          <label htmlFor={`${id}-${c.rutKey}`}>{c.rutLabel}</label>
          <input
            {...fieldProps(c.rutKey)}
            {...filtered(c.rutKey, type === 'usuario' ? filterIdInput : (v) => v, 'rut')}
            autoComplete="off"
            placeholder="12.345.678-K o AB1234567"
            maxLength={20}
          />
          <AvailabilityStatus status={status.rut} id={`${id}-rut-av`} />
          {fieldError(c.rutKey)}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nombre`}>Nombre completo</label>
          <input {...fieldProps('nombre')} {...keep('nombre')} autoComplete="name" maxLength={100} />
          {fieldError('nombre')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-nickname`}>Nickname</label>
          <input
            {...fieldProps('nickname')}
            {...filtered('nickname', (v) => v, 'nickname')}
            autoComplete="nickname"
            autoCapitalize="none"
            spellCheck={false}
          />
          <AvailabilityStatus status={status.nickname} id={`${id}-nickname-av`} />
          {fieldError('nickname')}
          {offerSuggestion && (
            <p className="field-hint nickname-suggestion">
              {msg.nicknameSuggestion} <strong>{suggestion}</strong>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  checks.reset('nickname');
                  setValue('nickname', suggestion, { shouldValidate: true });
                  scheduleCheck('nickname');
                }}
              >
                {msg.nicknameUseSuggestion(suggestion)}
              </button>
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-fecha_nac`}>Fecha de nacimiento</label>
          <input
            {...fieldProps('fecha_nac')}
            {...keep('fecha_nac')}
            type="date"
            max={latestAdultBirthDate(new Date())}
            min="1900-01-01"
          />
          {fieldError('fecha_nac')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            {...fieldProps('email')}
            {...filtered('email', inputFilters.email, 'email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            onKeyDown={(e) => e.key === ' ' && e.preventDefault()}
          />
          <AvailabilityStatus status={status.email} id={`${id}-email-av`} />
          {fieldError('email')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-pass`}>Contraseña</label>
          <PasswordInput
            {...fieldProps('pass')}
            aria-describedby={`${id}-pass-hint ${id}-pass-msg`}
            {...keep('pass')}
            onChange={async (e) => {
              await register('pass').onChange(e);
              // A repeat already left is compared again with every change of the password.
              if (formState.touchedFields.pass2) await trigger('pass2');
            }}
            autoComplete="new-password"
          />
          <p id={`${id}-pass-hint`} className="field-hint">
            {msg.registerPasswordHint}
          </p>
          {fieldError('pass')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-pass2`}>Repetir contraseña</label>
          <PasswordInput {...fieldProps('pass2')} {...keep('pass2')} autoComplete="new-password" />
          {fieldError('pass2')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-fono`}>Teléfono</label>
          <input
            {...fieldProps('fono')}
            {...filtered('fono', inputFilters.phone)}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="912345678"
          />
          {fieldError('fono')}
        </div>
        <fieldset className="field" aria-describedby={`${id}-genero-msg`}>
          <legend>Género</legend>
          <div className="radio-row">
            {generoValues.map((g) => (
              <label key={g} className="radio">
                <input type="radio" value={g} {...keep('genero')} />
                <span>{g}</span>
              </label>
            ))}
          </div>
          {fieldError('genero')}
        </fieldset>
        <Controller
          control={control}
          name="ciudad"
          render={({ field, fieldState }) => (
            <CityPicker
              value={String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <ConsentChecks idPrefix={id} register={keep} errors={errors} />
        <div aria-live="assertive">{formError && <p className="message message-error">{formError}</p>}</div>
        <button
          type="submit"
          className="button button-block"
          disabled={checks.blocked || formState.isSubmitting || !hydrated}
          aria-describedby={blockedReason ? `${id}-blocked` : undefined}
        >
          {formState.isSubmitting ? <span className="spinner" aria-hidden="true" /> : null}
          Registrarse
        </button>
        <p id={`${id}-blocked`} className="field-hint register-blocked" aria-live="polite">
          {blockedReason}
        </p>
      </form>
    </section>
  );
}
