// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ClientProfile } from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import type { ProfileImage } from '@encanto/core/profiles';
import { ClientDataForm } from '../src/features/profiles/components/client-data-form.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi, fakeFile, type Route } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

const profile: ClientProfile = {
  rut_cliente: '11111111-1',
  nombre: 'Cliente De Prueba',
  apellido: 'clientito',
  nickname: 'clientito',
  fecha_nac: '1990-05-04',
  email: 'cli@correo.cl',
  genero: 'Masculino',
  fono: '912345678',
  url: '/assets/avatars/masculino.svg',
  ciudad: 'Providencia',
  autorizado: 'aprobado',
};
const avatar: ProfileImage = { imageUrl: profile.url, publicId: null, origen: 'predeterminada' };
const stored: ProfileImage = { imageUrl: '/media/ab/ab12-640.webp', publicId: 'ab12', origen: 'archivo' };
const imagePath = '/upload/obtener-imagen-perfil-cliente/clientito';

beforeEach(() => setStored({ nickname: 'clientito', rut_cliente: profile.rut_cliente }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

/** The form as the client profile renders it, with its current image already known to the server render. */
function openForm(image: ProfileImage, routes: Record<string, Route> = {}) {
  const api = fakeApi({ [`GET /api${imagePath}`]: { body: image }, ...routes });
  const view = renderHydrated(<ClientDataForm profile={profile} />, {
    url: '/profileCliente',
    data: { [imagePath]: image },
  });
  // A person can pick any file with the picker's "all files" option; the form must refuse it itself.
  return { ...view, api, user: userEvent.setup({ applyAccept: false }) };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('client data form (ACTUALIZAR DATOS), server-rendered then hydrated', () => {
  it('shows the identity read-only and keeps phone and image address locked until “Editar”', async () => {
    const { html, hydrationErrors, user } = openForm(avatar);
    expect(html).toContain('ACTUALIZAR DATOS');
    expect(html).toContain('value="Cliente De Prueba"');
    expect(html).toContain('value="cli@correo.cl"');
    expect(input('Nombre').readOnly).toBe(true);
    expect(input('Teléfono').disabled).toBe(true);
    // The default avatar is ours, not an address the client typed.
    expect(input('URL de la Imagen').value).toBe('');
    expect(button('Modificar').disabled).toBe(true);

    await user.click(screen.getByLabelText('Editar Teléfono e Imagen'));
    expect(input('Teléfono').disabled).toBe(false);
    expect(button('Modificar').disabled).toBe(false);
    expect(hydrationErrors).toEqual([]);
  });

  it('checks the phone and the address with the spec’s messages before sending', async () => {
    const { user, api } = openForm(avatar);
    await user.click(screen.getByLabelText('Editar Teléfono e Imagen'));
    await user.clear(input('Teléfono'));
    await user.type(input('Teléfono'), '98-765');
    expect(input('Teléfono').value).toBe('98765');
    await user.type(input('URL de la Imagen'), 'ftp://fotos.cl/yo.jpg');
    await user.click(button('Modificar'));
    expect(await screen.findByText(msg.phone)).toBeTruthy();
    expect(screen.getByText(msg.imageUrl)).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('sends the new phone with the current image and shows the server’s answer, then refetches', async () => {
    const { user, api } = openForm(avatar, {
      'PUT /api/cliente/modificar': { body: { mensaje: 'Datos actualizados correctamente.' } },
    });
    await user.click(screen.getByLabelText('Editar Teléfono e Imagen'));
    await user.clear(input('Teléfono'));
    await user.type(input('Teléfono'), '987654321');
    await user.click(button('Modificar'));
    expect(await screen.findByText('Datos actualizados correctamente.')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/cliente/modificar',
        authorization: null,
        // An empty address field keeps the current image.
        body: { rut_cliente: profile.rut_cliente, fono: '987654321', url: profile.url },
      },
    ]);
    const put = api.calls.findIndex((c) => c.method === 'PUT');
    await waitFor(() => expect(api.calls.slice(put + 1).map((c) => c.path)).toContain(`/api${imagePath}`));
    // Saved: the fields lock again.
    expect(input('Teléfono').disabled).toBe(true);
  });

  it('a refusal shows the server’s text, a failure without one the spec’s fallback', async () => {
    let reply: { status: number; body?: unknown } = {
      status: 400,
      body: { mensaje: msg.phone, code: 'BAD_REQUEST' },
    };
    const { user } = openForm(avatar, { 'PUT /api/cliente/modificar': () => reply });
    await user.click(screen.getByLabelText('Editar Teléfono e Imagen'));
    await user.click(button('Modificar'));
    expect(await screen.findByText(msg.phone)).toBeTruthy();
    reply = { status: 502 };
    await waitFor(() => expect(button('Modificar').disabled).toBe(false));
    await user.click(button('Modificar'));
    expect(await screen.findByText(msg.dataUpdateOrImageError)).toBeTruthy();
  });

  it('a photo link is sent for the server to download; its refusal (private address) is shown as is', async () => {
    const { user, api } = openForm(avatar, {
      'PUT /api/cliente/modificar': {
        status: 400,
        body: { mensaje: msg.imageUrlPrivate, code: 'URL_PRIVATE', fields: { url: msg.imageUrlPrivate } },
      },
    });
    expect(screen.getByText(msg.imageUrlHint(8))).toBeTruthy();
    await user.click(screen.getByLabelText('Editar Teléfono e Imagen'));
    await user.type(input('URL de la Imagen'), 'http://169.254.169.254/latest/meta-data/');
    await user.click(button('Modificar'));
    expect(await screen.findByText(msg.imageUrlPrivate)).toBeTruthy();
    expect(api.writes().map((c) => c.body)).toEqual([
      {
        rut_cliente: profile.rut_cliente,
        fono: profile.fono,
        url: 'http://169.254.169.254/latest/meta-data/',
      },
    ]);
  });

  it('signed out meanwhile (no stored session) it says so and sends nothing', async () => {
    const { user, api } = openForm(avatar);
    await user.click(screen.getByLabelText('Editar Teléfono e Imagen'));
    setStored({ nickname: null });
    await user.click(button('Modificar'));
    expect(await screen.findByText(msg.noToken)).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('a photo from the device: only images up to 8 MB, sent with the nickname first and a progress bar', async () => {
    let finishUpload = () => {};
    const uploaded = new Promise<void>((resolve) => (finishUpload = resolve));
    const { user, api } = openForm(avatar, {
      'POST /api/upload/subir-perfil-cliente/clientito': async () => {
        await uploaded;
        return { status: 201, body: { mensaje: msg.imageUploaded } };
      },
    });
    await user.click(screen.getByLabelText('Buscar imagen en mi equipo'));
    await user.upload(input('Elegir imagen'), fakeFile('contrato.pdf', 'application/pdf'));
    expect(await screen.findByText(msg.unsupportedType)).toBeTruthy();
    await user.upload(input('Elegir imagen'), fakeFile('enorme.jpg', 'image/jpeg', 8 * 1024 * 1024 + 1));
    expect(await screen.findByText(msg.payloadTooLarge)).toBeTruthy();

    await user.upload(input('Elegir imagen'), fakeFile('yo.jpg', 'image/jpeg'));
    expect(screen.getByText(/^yo\.jpg/)).toBeTruthy();
    await user.click(button('Cargar imagen'));
    const bar = screen.getByRole('progressbar', { name: 'Progreso de la carga' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(button('Cargar imagen').disabled).toBe(true);
    finishUpload();
    expect(await screen.findByText(msg.imageUploaded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    const [upload] = api.writes();
    expect(upload).toMatchObject({
      method: 'POST',
      path: '/api/upload/subir-perfil-cliente/clientito',
      authorization: null,
    });
    expect([...upload!.form!.keys()]).toEqual(['nickname', 'file']);
    expect(upload!.form!.get('nickname')).toBe('clientito');
    expect((upload!.form!.get('file') as File).name).toBe('yo.jpg');
  });

  it('with a photo shown, a new one must wait for “Eliminar Imagen”, which deletes the stored file', async () => {
    const { user, api } = openForm(stored, {
      'DELETE /api/upload/eliminar-perfil-cliente/clientito/ab12': { body: { mensaje: msg.imageDeleted } },
    });
    expect(screen.getByText(msg.deleteImageFirst)).toBeTruthy();
    await user.click(screen.getByLabelText('Buscar imagen en mi equipo'));
    await user.upload(input('Elegir imagen'), fakeFile('otra.jpg', 'image/jpeg'));
    await user.click(button('Cargar imagen'));
    expect(await screen.findByText(msg.deleteImageFirst, { selector: '.message' })).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.click(button('Eliminar Imagen'));
    expect(await screen.findByText(msg.imageDeleted)).toBeTruthy();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/upload/eliminar-perfil-cliente/clientito/ab12',
    ]);
  });
});
