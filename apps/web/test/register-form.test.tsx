// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { timings } from '@encanto/core/constants';
import { consentText } from '@encanto/core/consent';
import { msg } from '@encanto/core/messages';
import { RegisterForm } from '../src/features/accounts/components/register-form.tsx';
import { fakeApi, type Route } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type AccountType = 'cliente' | 'usuario';
const free: Route = { status: 404, body: { mensaje: 'No existe', code: 'NOT_FOUND' } };
const taken: Route = { body: { existe: true } };

/** The registration form at its own path, server-rendered then hydrated, with the 2 s check delay on a fake clock. */
function openForm(type: AccountType, routes: Record<string, Route> = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  const api = fakeApi(routes);
  const view = renderHydrated(<RegisterForm type={type} />, {
    url: type === 'cliente' ? '/registro/cliente' : '/registro/RegistroEscort',
    elsewhere: { '/RegistroExitoso': 'Pantalla de registro exitoso' },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...view, api, user };
}

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Registrarse' });
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const rutLabel = 'RUT o Pasaporte';
/** Past the 2 s the spec waits after a blur before checking a value. */
const afterCheckDelay = () => act(() => vi.advanceTimersByTimeAsync(timings.availabilityCheckDelayMs));

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  type: AccountType,
  values: { rut?: string; pass2?: string; consent?: boolean } = {},
) {
  await user.type(field(rutLabel), values.rut ?? (type === 'cliente' ? '11111111-1' : '12.345.678-5'));
  await user.type(field('Nombre completo'), 'Persona De Prueba');
  await user.type(field('Nickname'), 'vale');
  await user.type(field('Fecha de nacimiento'), '1992-03-14');
  await user.type(field('Email'), 'vale@correo.cl');
  await user.type(field('Contraseña'), 'clave123');
  await user.type(field('Repetir contraseña'), values.pass2 ?? 'clave123');
  await user.type(field('Teléfono'), '987654321');
  await user.click(field('Masculino'));
  await user.selectOptions(field('Zona'), 'central');
  await user.selectOptions(field('Región'), 'Metropolitana de Santiago');
  await user.selectOptions(field('Ciudad'), 'Providencia');
  if (values.consent === false) return;
  await user.click(consentBox('acepta_terminos'));
  await user.click(consentBox('acepta_datos_sensibles'));
}

/** A consent checkbox, found by the words of its label. */
const consentBox = (name: 'acepta_terminos' | 'acepta_datos_sensibles') =>
  screen.getByRole<HTMLInputElement>('checkbox', {
    name: name === 'acepta_terminos' ? /^Acepto los términos de servicio/ : /^Doy mi consentimiento expreso/,
  });

const clientChecks = {
  'GET /api/cliente/validar/rut/11111111-1': free,
  'GET /api/cliente/validar/nickname/vale': free,
  'GET /api/cliente/validar/email/vale%40correo.cl': free,
};

describe('registration form, server-rendered then hydrated', () => {
  it('arrives as HTML with the submit held until the app hydrates, without a mismatch', async () => {
    const { html, hydrationErrors } = openForm('cliente');
    expect(html).toContain('Registro Cliente');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(hydrationErrors).toEqual([]);
  });

  it('client: an empty submit puts each field’s own message under it, the spec’s sentence once (decision 0150)', async () => {
    const { user, api } = openForm('cliente');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect(await screen.findAllByText(msg.allRequired)).toHaveLength(1);
    for (const text of [
      msg.idRequired,
      msg.fullNameRequired,
      msg.nicknameRequired,
      msg.birthDateRequired,
      msg.emailRequired,
      msg.passwordRequired,
      msg.passwordRepeatRequired,
      msg.phoneRequired,
      msg.cityRequired,
    ])
      expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.getByText(msg.genderRequired)).toBeTruthy();
    expect(screen.getByText(msg.consentTermsRequired)).toBeTruthy();
    expect(screen.getByText(msg.consentSensitiveRequired)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('escort: an empty submit gives the escort screen’s messages and “corrige los errores”', async () => {
    const { user, api } = openForm('usuario');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect(await screen.findByText(msg.fixErrors)).toBeTruthy();
    // Each field says what it needs, not one sentence six times (decision 0150).
    expect(screen.queryAllByText(msg.completeRequired)).toHaveLength(0);
    for (const text of [
      msg.idRequired,
      msg.fullNameRequired,
      msg.birthDateRequired,
      msg.passwordRequired,
      msg.passwordRepeatRequired,
      msg.cityRequired,
      msg.nicknameRequired,
      msg.emailRequired,
      msg.phoneRequired,
      msg.genderRequired,
    ])
      expect(screen.getAllByText(text)).toHaveLength(1);
    expect(api.calls).toEqual([]);
  });

  it('checks each field’s rule when it loses focus', async () => {
    const { user } = openForm('usuario');
    await user.type(field('RUT o Pasaporte'), '12.345.678-9');
    await user.type(field('Nombre completo'), 'Ana Pérez');
    await user.type(field('Nickname'), 'ab');
    await user.type(field('Fecha de nacimiento'), '2015-06-01');
    await user.type(field('Email'), 'ana@correo');
    await user.type(field('Contraseña'), 'abc');
    await user.type(field('Teléfono'), '9 8765-43');
    await user.tab();
    for (const text of [
      msg.rutFormat,
      msg.fullName,
      msg.nicknameTooShort,
      msg.underage,
      msg.email,
      msg.escortPasswordLength,
      msg.phoneEscort,
    ])
      expect(await screen.findByText(text)).toBeTruthy();

    await user.clear(field('Contraseña'));
    await user.type(field('Contraseña'), 'abcdefg');
    await user.tab();
    expect(await screen.findByText(msg.escortPasswordMix)).toBeTruthy();
  });

  it('a nickname is never changed behind her back: the rule that failed, then the offered form', async () => {
    const { user } = openForm('cliente');
    await user.type(field('Nickname'), 'Va Lé!');
    // Typed as is; nothing is filtered away while typing.
    expect(field('Nickname').value).toBe('Va Lé!');
    await user.tab();
    expect(await screen.findByText(msg.nicknameUppercase)).toBeTruthy();
    expect(screen.getByText(msg.nicknameSuggestion, { exact: false }).textContent).toContain('vale');
    await user.click(screen.getByRole('button', { name: msg.nicknameUseSuggestion('vale') }));
    expect(field('Nickname').value).toBe('vale');
    await waitFor(() => expect(screen.queryByText(msg.nicknameUppercase)).toBeNull());
    expect(screen.queryByRole('button', { name: msg.nicknameUseSuggestion('vale') })).toBeNull();

    for (const [typed, message] of [
      ['ángel', msg.nicknameAccents],
      ['ana_99', msg.nickname],
      ['abcdefghijkl', msg.nicknameTooLong],
    ] as const) {
      await user.clear(field('Nickname'));
      await user.type(field('Nickname'), typed);
      await user.tab();
      expect(await screen.findByText(message)).toBeTruthy();
      expect(field('Nickname').value).toBe(typed);
    }
  });

  it('mismatched passwords are reported when the repeat is left, with the rest of the form empty', async () => {
    const { user } = openForm('cliente');
    await user.type(field('Contraseña'), 'clave123');
    await user.type(field('Repetir contraseña'), 'clave124');
    await user.tab();
    expect(await screen.findByText(msg.passwordsDontMatch)).toBeTruthy();
    // Fixing the password itself clears it too.
    await user.clear(field('Contraseña'));
    await user.type(field('Contraseña'), 'clave124');
    await waitFor(() => expect(screen.queryByText(msg.passwordsDontMatch)).toBeNull());
  });

  it('client: a short RUT or passport and a short phone get the client texts', async () => {
    const { user } = openForm('cliente');
    await user.type(field('RUT o Pasaporte'), 'AB12');
    await user.type(field('Teléfono'), '12345');
    await user.tab();
    expect(await screen.findByText(msg.rut)).toBeTruthy();
    expect(screen.getByText(msg.phone)).toBeTruthy();
  });

  it('client: an invented RUT or a word gets the RUT format text and is not asked about; a passport is', async () => {
    const { user, api } = openForm('cliente', { 'GET /api/cliente/validar/rut/AB1234567': free });
    for (const forged of ['12.345.678-9', 'estefania']) {
      await user.clear(field('RUT o Pasaporte'));
      await user.type(field('RUT o Pasaporte'), forged);
      await user.tab();
      expect(await screen.findByText(msg.rutFormat)).toBeTruthy();
      await afterCheckDelay();
    }
    expect(api.calls).toEqual([]);
    await user.clear(field('RUT o Pasaporte'));
    await user.type(field('RUT o Pasaporte'), 'AB1234567');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(msg.rutFormat)).toBeNull());
    await afterCheckDelay();
    expect(await screen.findByText(msg.available)).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/cliente/validar/rut/AB1234567']);
  });

  it('refuses different passwords without sending', async () => {
    const { user, api } = openForm('cliente', clientChecks);
    await fillValid(user, 'cliente', { pass2: 'clave124' });
    await afterCheckDelay();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect(await screen.findByText(msg.passwordsDontMatch)).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('checks nickname availability 2 s after blur, holding the submit; an edit drops the answer', async () => {
    const { user, api } = openForm('cliente', {
      'GET /api/cliente/validar/nickname/vale': taken,
      'GET /api/cliente/validar/nickname/valeria': free,
    });
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.type(field('Nickname'), 'vale');
    await user.tab();
    expect(screen.getByRole('status', { name: 'Verificando disponibilidad' })).toBeTruthy();
    expect(submit().disabled).toBe(true);
    expect(api.calls).toEqual([]);

    await afterCheckDelay();
    expect(await screen.findByText(msg.taken)).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/cliente/validar/nickname/vale']);
    // Availability checks go without the session's token.
    expect(api.calls[0]!.authorization).toBeNull();
    expect(submit().disabled).toBe(true);

    await user.type(field('Nickname'), 'ria');
    expect(screen.queryByText(msg.taken)).toBeNull();
    expect(submit().disabled).toBe(false);
    await user.tab();
    await afterCheckDelay();
    expect(await screen.findByText(msg.available)).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it('escort: e-mail and RUT are checked on the escort calls; a value that breaks its rule is not asked about', async () => {
    const { user, api } = openForm('usuario', {
      'GET /api/usuario/validar/email?email=vale%40correo.cl': free,
      'GET /api/usuario/validar/rut/12.345.678-5': taken,
    });
    await user.type(field('Nickname'), 'ab');
    await user.tab();
    await user.type(field('Email'), 'vale@correo.cl');
    await user.tab();
    await user.click(field('RUT o Pasaporte'));
    await user.type(field('RUT o Pasaporte'), '12.345.678-5');
    await user.tab();
    await afterCheckDelay();
    expect(await screen.findByText(msg.available)).toBeTruthy();
    expect(await screen.findByText(msg.taken)).toBeTruthy();
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      '/api/usuario/validar/email?email=vale%40correo.cl',
      '/api/usuario/validar/rut/12.345.678-5',
    ]);
  });

  it('client: a valid form posts the registration without the repeat password, then shows the success page', async () => {
    const { user, api } = openForm('cliente', {
      ...clientChecks,
      'POST /api/cliente/registro': { status: 201, body: { mensaje: msg.clientRegistered } },
    });
    await fillValid(user, 'cliente');
    await afterCheckDelay();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect(await screen.findByText('Pantalla de registro exitoso')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/cliente/registro',
        authorization: null,
        body: {
          rut_cliente: '11111111-1',
          nombre: 'Persona De Prueba',
          nickname: 'vale',
          fecha_nac: '1992-03-14',
          email: 'vale@correo.cl',
          pass: 'clave123',
          fono: '987654321',
          genero: 'Masculino',
          ciudad: 'Providencia',
          acepta_terminos: true,
          acepta_datos_sensibles: true,
          apellido: 'vale',
          url: '/assets/avatars/masculino.svg',
        },
      },
    ]);
  });

  for (const type of ['cliente', 'usuario'] as const) {
    it(`${type}: registration is blocked until both consents are checked`, async () => {
      const endpoint = type === 'cliente' ? '/api/cliente/registro' : '/api/usuario/registro';
      const { user, api } = openForm(type, {
        ...clientChecks,
        'GET /api/usuario/validar/rut/12.345.678-5': free,
        'GET /api/usuario/validar/nickname/vale': free,
        'GET /api/usuario/validar/email?email=vale%40correo.cl': free,
        [`POST ${endpoint}`]: { status: 201, body: { mensaje: msg.registrationOk } },
      });
      await fillValid(user, type, { consent: false });
      await afterCheckDelay();
      await waitFor(() => expect(submit().disabled).toBe(false));
      await user.click(submit());
      expect(await screen.findByText(msg.consentTermsRequired)).toBeTruthy();
      expect(screen.getByText(msg.consentSensitiveRequired)).toBeTruthy();
      expect(consentBox('acepta_terminos').getAttribute('aria-invalid')).toBe('true');
      expect(api.writes()).toEqual([]);

      await user.click(consentBox('acepta_terminos'));
      await user.click(submit());
      await waitFor(() => expect(screen.queryByText(msg.consentTermsRequired)).toBeNull());
      expect(screen.getByText(msg.consentSensitiveRequired)).toBeTruthy();
      expect(api.writes()).toEqual([]);

      await user.click(consentBox('acepta_datos_sensibles'));
      await user.click(submit());
      expect(await screen.findByText('Pantalla de registro exitoso')).toBeTruthy();
      expect(api.writes()).toEqual([
        expect.objectContaining({
          path: endpoint,
          body: expect.objectContaining({ acepta_terminos: true, acepta_datos_sensibles: true }),
        }),
      ]);
    });
  }

  it('the checkboxes say exactly the versioned texts the server stores, and link the policies in a new tab', () => {
    openForm('cliente');
    for (const name of ['acepta_terminos', 'acepta_datos_sensibles'] as const) {
      const words = document.querySelector(`[data-consent="${name}"]`)!.cloneNode(true) as HTMLElement;
      for (const hidden of words.querySelectorAll('.visually-hidden')) hidden.remove();
      expect(words.textContent).toBe(
        consentText(name === 'acepta_terminos' ? 'terminos' : 'datos_sensibles'),
      );
    }
    const terms = screen.getByRole<HTMLAnchorElement>('link', { name: /términos de servicio/ });
    expect(terms.getAttribute('href')).toBe('/Informacion#seccion-2');
    expect(terms.target).toBe('_blank');
    const privacy = screen.getByRole<HTMLAnchorElement>('link', { name: /política de privacidad/ });
    expect(privacy.getAttribute('href')).toBe('/Informacion#seccion-1');
  });

  it('a refusal shows the server’s text and stays on the form', async () => {
    const { user } = openForm('cliente', {
      ...clientChecks,
      'POST /api/cliente/registro': { status: 409, body: { mensaje: msg.duplicate, code: 'CONFLICT' } },
    });
    await fillValid(user, 'cliente');
    await afterCheckDelay();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect(await screen.findByText(msg.duplicate)).toBeTruthy();
    expect(screen.queryByText('Pantalla de registro exitoso')).toBeNull();
  });
});
