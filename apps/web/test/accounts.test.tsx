import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { msg } from '@encanto/core/messages';
import { ApiError } from '../src/lib/api-client.ts';
import {
  adminLoginFailureText,
  forgotFailureText,
  loginFailureText,
  recoverFailureText,
  registerFailureText,
} from '../src/features/accounts/account-messages.ts';
import {
  IncompleteDataError,
  loginAdmin,
  login,
  WrongProfileTypeError,
} from '../src/features/accounts/api/login.ts';
import { ChangePasswordForm, changePasswordFailureText } from '../src/components/change-password-form.tsx';
import { RequireAuth } from '../src/components/require-auth.tsx';
import { CityPicker } from '../src/components/city-picker.tsx';
import { AvailabilityStatus } from '../src/features/accounts/components/availability-status.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('login messages (spec section 8)', () => {
  it('client: EMAIL_NOT_FOUND, any other failure, incomplete data', () => {
    expect(loginFailureText('cliente', new ApiError(404, { mensaje: 'x', code: 'EMAIL_NOT_FOUND' }))).toBe(
      msg.emailNotFound,
    );
    expect(loginFailureText('cliente', new ApiError(401, { mensaje: 'x', code: 'BAD_CREDENTIALS' }))).toBe(
      msg.badCredentials,
    );
    expect(loginFailureText('cliente', new ApiError(500, { mensaje: 'x', code: 'INTERNAL' }))).toBe(
      msg.clientLoginFailed,
    );
    // No answer at all says so (decision 0150), not 'wrong credentials'.
    expect(loginFailureText('cliente', new TypeError('Failed to fetch'))).toBe(msg.offline);
    expect(loginFailureText('cliente', new IncompleteDataError())).toBe(msg.incompleteData);
  });
  it('escort: credentials message; throttling shows the server text', () => {
    expect(loginFailureText('usuario', new ApiError(401, { mensaje: 'x', code: 'UNAUTHORIZED' }))).toBe(
      msg.badCredentials,
    );
    expect(
      loginFailureText('usuario', new ApiError(429, { mensaje: msg.rateLimited, code: 'RATE_LIMITED' })),
    ).toBe(msg.rateLimited);
  });
  it('admin: wrong profile type, bad credentials, incomplete data', () => {
    expect(adminLoginFailureText(new WrongProfileTypeError())).toBe(msg.wrongProfileType);
    expect(adminLoginFailureText(new ApiError(401, { mensaje: 'x', code: 'UNAUTHORIZED' }))).toBe(
      msg.adminBadCredentials,
    );
    expect(adminLoginFailureText(new IncompleteDataError())).toBe(msg.incompleteData);
  });
});

describe('login answers must carry every field', () => {
  it('a client answer without rut_cliente reads as incomplete data from the server', async () => {
    answer(200, { token: 't', nickname: 'n', autorizado: 'pendiente', email: 'e' });
    await expect(login('cliente', { email: 'a@b.cl', pass: 'x' })).rejects.toBeInstanceOf(
      IncompleteDataError,
    );
  });
  it('an escort answer without tipo_perfil is incomplete', async () => {
    answer(200, { token: 't', nickname: 'n', rut_usuario: 'r', autorizado: 'aprobado', email: 'e' });
    await expect(login('usuario', { email: 'a@b.cl', pass: 'x' })).rejects.toBeInstanceOf(
      IncompleteDataError,
    );
  });
  it('a complete client answer passes', async () => {
    answer(200, { token: 't', nickname: 'n', rut_cliente: 'r', autorizado: 'aprobado', email: 'e' });
    await expect(login('cliente', { email: 'a@b.cl', pass: 'x' })).resolves.toMatchObject({ nickname: 'n' });
  });
  it('admin: nothing to type but e-mail and password; an answer for another profile type is refused', async () => {
    const admin = {
      token: 't',
      nickname: 'n',
      rut_usuario: 'r',
      autorizado: 'aprobado',
      email: 'e',
      tipo_perfil: 'admin',
    };
    // The page passes lib/logout.ts's useEndSession: the refused session is ended, the admin's kept.
    const endSession = vi.fn(() => Promise.resolve());
    answer(200, { ...admin, tipo_perfil: 'usuario' });
    await expect(loginAdmin({ email: 'a@b.cl', pass: 'x' }, endSession)).rejects.toBeInstanceOf(
      WrongProfileTypeError,
    );
    expect(endSession).toHaveBeenCalledTimes(1);
    answer(200, admin);
    await expect(loginAdmin({ email: 'a@b.cl', pass: 'x' }, endSession)).resolves.toMatchObject({
      tipo_perfil: 'admin',
    });
    expect(endSession).toHaveBeenCalledTimes(1);
  });
});

describe('registration, recovery and password messages', () => {
  it('registration', () => {
    expect(registerFailureText(new ApiError(409, { mensaje: msg.duplicate, code: 'CONFLICT' }))).toBe(
      msg.duplicate,
    );
    expect(registerFailureText(new ApiError(500, null))).toBe(msg.registerError);
    expect(registerFailureText(new TypeError('Failed to fetch'))).toBe(msg.offline);
    expect(registerFailureText(new ApiError(0, null))).toBe(msg.offline);
    expect(registerFailureText(new Error('x'))).toBe(msg.registerRequestError);
  });
  it('forgot password', () => {
    expect(
      forgotFailureText(
        'usuario',
        new ApiError(404, { mensaje: msg.escortEmailNotFound, code: 'NOT_FOUND' }),
      ),
    ).toBe(msg.emailNotRegistered);
    expect(forgotFailureText('usuario', new ApiError(500, null))).toBe(msg.recoverError);
    expect(forgotFailureText('cliente', new ApiError(500, null))).toBe(msg.genericRetry);
    expect(
      forgotFailureText('cliente', new ApiError(429, { mensaje: msg.rateLimited, code: 'RATE_LIMITED' })),
    ).toBe(msg.rateLimited);
  });
  it('set new password fallbacks', () => {
    expect(recoverFailureText('cliente', new Error('x'))).toBe(msg.setPasswordClientError);
    expect(recoverFailureText('cliente', new TypeError('Failed to fetch'))).toBe(msg.offline);
    expect(recoverFailureText('usuario', new ApiError(500, null))).toBe(msg.passwordUpdateError);
    expect(
      recoverFailureText('usuario', new ApiError(400, { mensaje: msg.codeInvalid, code: 'BAD_REQUEST' })),
    ).toBe(msg.codeInvalid);
  });
  it('change password by current password', () => {
    expect(changePasswordFailureText(new ApiError(404, { mensaje: 'x', code: 'NOT_FOUND' }))).toBe(
      msg.currentPasswordWrong,
    );
    expect(changePasswordFailureText(new ApiError(500, null))).toBe(msg.serverError);
    expect(changePasswordFailureText(new ApiError(403, null))).toBe(msg.unknownError);
    expect(changePasswordFailureText(new TypeError('network'))).toBe(msg.passwordUpdateError);
  });
});

describe('shared account components render on the server', () => {
  it('RequireAuth shows a skeleton, never the guarded content, before hydration', () => {
    const html = renderToString(
      <MemoryRouter>
        <RequireAuth>
          <p>secreto</p>
        </RequireAuth>
      </MemoryRouter>,
    );
    expect(html).toContain('skeleton');
    expect(html).not.toContain('secreto');
  });
  it('ChangePasswordForm: CAMBIAR CONTRASEÑA with three fields, show/hide on the new ones only', () => {
    const html = renderToString(
      <MemoryRouter>
        <ChangePasswordForm />
      </MemoryRouter>,
    );
    expect(html).toContain('CAMBIAR CONTRASEÑA');
    expect(html.match(/type="password"/g)).toHaveLength(3);
    expect(html.match(/Mostrar contraseña/g)?.length).toBe(4); // aria-label and title on two toggles
  });
  it('CityPicker preselects zone and region of a given comuna', () => {
    const html = renderToString(<CityPicker value="Ñuñoa" onChange={() => {}} />);
    expect(html).toContain('Metropolitana de Santiago');
    expect(html).toMatch(/<option value="Ñuñoa" selected="">Ñuñoa<\/option>/);
  });
  it('AvailabilityStatus words', () => {
    expect(renderToString(<AvailabilityStatus status="free" id="a" />)).toContain(msg.available);
    expect(renderToString(<AvailabilityStatus status="taken" id="a" />)).toContain(msg.taken);
    expect(renderToString(<AvailabilityStatus status="checking" id="a" />)).toContain('spinner');
  });
});
