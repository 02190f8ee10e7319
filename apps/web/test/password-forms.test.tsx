// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { msg } from '@encanto/core/messages';
import { loadCommonPasswords } from '@encanto/core/passwords';
import { ChangePasswordForm } from '../src/components/change-password-form.tsx';
import { RecoverForm } from '../src/features/accounts/components/recover-form.tsx';
import { RegisterForm } from '../src/features/accounts/components/register-form.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

/** Decision 0050: passphrases with spaces are typed and sent as they are; common passwords are refused. */
const PHRASE = 'Correct horse battery staple!9';

// The forms start this load when they open; awaiting it here keeps the tests independent of timing.
beforeAll(() => loadCommonPasswords());
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });

describe('CAMBIAR CONTRASEÑA', () => {
  const open = () => {
    setStored({ nickname: 'clientito', rut_cliente: '11111111-1' });
    const api = fakeApi({
      'PUT /api/cliente/modificar-pass': { body: { mensaje: msg.passwordUpdated } },
    });
    const view = renderHydrated(<ChangePasswordForm />, { url: '/profileCliente' });
    return { ...view, api };
  };
  const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Cambiar contraseña' });

  it('keeps the spaces of a passphrase and sends it as typed', async () => {
    const { user, api, hydrationErrors } = open();
    expect(screen.getByText(msg.newPasswordHint)).toBeTruthy();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.type(field('Contraseña actual'), 'clave vieja 1');
    await user.type(field('Nueva contraseña'), PHRASE);
    await user.type(field('Repetir nueva contraseña'), PHRASE);
    expect(field('Nueva contraseña').value).toBe(PHRASE);
    await user.click(submit());
    expect(await screen.findByText(msg.passwordUpdated)).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/cliente/modificar-pass',
        authorization: null,
        body: { rut_cliente: '11111111-1', passActual: 'clave vieja 1', pass: PHRASE },
      },
    ]);
    expect(hydrationErrors).toEqual([]);
  });

  it('refuses a common password without sending it', async () => {
    const { user, api } = open();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.type(field('Contraseña actual'), 'clave1234');
    await user.type(field('Nueva contraseña'), 'Password1');
    await user.type(field('Repetir nueva contraseña'), 'Password1');
    await user.click(submit());
    expect(await screen.findByText(msg.passwordCommon)).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });
});

describe('recovery step', () => {
  const open = () => {
    const api = fakeApi({
      'PUT /api/usuario/nueva-pass': { body: { mensaje: msg.passwordUpdated } },
    });
    const view = renderHydrated(<RecoverForm type="usuario" email="ana@correo.cl" />, {
      url: '/RecuperaPassUsuario',
    });
    return { ...view, api };
  };
  const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Cambiar contraseña' });

  it('refuses 123456a, then sends a passphrase with its spaces', async () => {
    const { user, api } = open();
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.type(field('Contraseña provisoria'), '1234');
    await user.type(field('Nueva contraseña'), '123456a');
    await user.type(field('Repetir contraseña'), '123456a');
    await user.click(submit());
    expect(await screen.findByText(msg.passwordCommon)).toBeTruthy();
    expect(api.writes()).toEqual([]);

    for (const label of ['Nueva contraseña', 'Repetir contraseña']) {
      await user.clear(field(label));
      await user.type(field(label), PHRASE);
    }
    await user.click(submit());
    expect(await screen.findByText(msg.passwordUpdated)).toBeTruthy();
    expect(api.writes().map((w) => w.body)).toEqual([
      { email: 'ana@correo.cl', codigoProvisorio: '1234', nuevaPass: PHRASE },
    ]);
  });
});

describe('registration', () => {
  it('marks a common password under the field and accepts a passphrase', async () => {
    fakeApi();
    const { user } = renderHydrated(<RegisterForm type="usuario" />, { url: '/registro/RegistroEscort' });
    expect(screen.getByText(msg.registerPasswordHint)).toBeTruthy();
    await user.type(field('Contraseña'), 'password1');
    await user.tab();
    expect(await screen.findByText(msg.passwordCommon)).toBeTruthy();
    expect(field('Contraseña').getAttribute('aria-invalid')).toBe('true');
    await user.clear(field('Contraseña'));
    await user.type(field('Contraseña'), PHRASE);
    await user.tab();
    await waitFor(() => expect(screen.queryByText(msg.passwordCommon)).toBeNull());
    expect(field('Contraseña').value).toBe(PHRASE);
  });
});
