// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { msg } from '@encanto/core/messages';
import type { ProfileImage } from '@encanto/core/profiles';
import { ProfilePhotoForm } from '../src/features/profiles/components/profile-photo-form.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi, type Route } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

const imagePath = '/upload/obtener-imagen-perfil-escort/valeria';
const avatar: ProfileImage = {
  imageUrl: '/assets/avatars/femenino.svg',
  publicId: null,
  origen: 'predeterminada',
};
const copy: ProfileImage = { imageUrl: '/media/ab/ab12-640.webp', publicId: 'ab12', origen: 'archivo' };

beforeEach(() => setStored({ nickname: 'valeria', rut_usuario: '12.345.678-5' }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function openForm(routes: Record<string, Route>) {
  const api = fakeApi(routes);
  const view = renderHydrated(<ProfilePhotoForm />, {
    url: '/ProfileUsuario',
    data: { [imagePath]: avatar },
  });
  return { ...view, api };
}
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const urlField = () => screen.getByLabelText<HTMLInputElement>('URL de la imagen');

describe('CAMBIAR FOTO PERFIL: Ingresar URL (decision 0051: the server downloads the picture once)', () => {
  it('says the picture is downloaded, shows it while waiting, then shows our stored copy', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let image = avatar;
    const { user, api, hydrationErrors } = openForm({
      [`GET /api${imagePath}`]: () => ({ body: image }),
      'PUT /api/usuario/modificar-url': async () => {
        await answered;
        image = copy;
        return { body: { mensaje: msg.dataUpdated, url: copy.imageUrl } };
      },
    });
    await user.click(screen.getByLabelText('Ingresar URL'));
    expect(screen.getByText(msg.imageUrlHint(8))).toBeTruthy();
    await user.type(urlField(), 'https://fotos.example.cl/yo.jpg');
    await user.click(button('Ingresar URL'));
    expect(await screen.findByRole('button', { name: 'Descargando imagen...' })).toBeTruthy();
    answer();
    expect(await screen.findByText(msg.dataUpdated)).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/usuario/modificar-url',
        // The session rides in its HttpOnly cookie: no script-built header.
        authorization: null,
        body: { nickname: 'valeria', url: 'https://fotos.example.cl/yo.jpg' },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /valeria/i }).getAttribute('src')).toBe(copy.imageUrl),
    );
    expect(button('Ingresar URL')).toBeTruthy();
    expect(hydrationErrors).toEqual([]);
  });

  it.each([
    [400, 'URL_PRIVATE', msg.imageUrlPrivate],
    [400, 'URL_UNREACHABLE', msg.imageUrlUnreachable],
    [415, 'UNSUPPORTED_MEDIA_TYPE', msg.imageUrlNotImage],
    [413, 'PAYLOAD_TOO_LARGE', msg.imageUrlTooLarge],
  ])('a %i %s refusal shows the server’s reason', async (status, code, mensaje) => {
    const { user } = openForm({
      [`GET /api${imagePath}`]: { body: avatar },
      'PUT /api/usuario/modificar-url': { status, body: { mensaje, code } },
    });
    await user.click(screen.getByLabelText('Ingresar URL'));
    await user.type(urlField(), 'http://10.0.0.1/yo.jpg');
    await user.click(button('Ingresar URL'));
    expect(await screen.findByText(mensaje)).toBeTruthy();
    expect(button('Ingresar URL').disabled).toBe(false);
  });
});
