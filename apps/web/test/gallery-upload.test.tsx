// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { limits, timings } from '@encanto/core/constants';
import type { GalleryItem } from '@encanto/core/gallery';
import { msg } from '@encanto/core/messages';
import { GalleryManager } from '../src/features/profiles/components/gallery-manager.tsx';
import { RequireAuth } from '../src/components/require-auth.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi, fakeFile, type Route } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const listPath = '/api/upload/obtener-imagenes-por-usuario/valentina';
const item = (n: number, tipo: GalleryItem['tipo'] = 'imagen'): GalleryItem => ({
  id: String(n),
  url_imagen: `/media/g${n}-640.webp`,
  publicId: `g${n}`,
  tipo,
  srcset: '',
  width: 640,
  height: 800,
});

/** The gallery of /panel/fotos for a signed-in escort whose gallery holds `items`, with the 2 s busy hold on a fake clock. */
function openPage(items: GalleryItem[], routes: Record<string, Route> = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  setStored({ nickname: 'valentina', rut_usuario: '12.345.678-5' });
  const gallery = { items };
  const api = fakeApi({ [`GET ${listPath}`]: () => ({ body: { imagenes: gallery.items } }), ...routes });
  const view = renderHydrated(
    <RequireAuth kind="usuario">
      <GalleryManager />
    </RequireAuth>,
    { url: '/panel/fotos' },
  );
  // The picker accepts images and MP4; a person can still choose "all files", so the page checks again.
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
  return { ...view, api, user, gallery };
}

const picker = () => document.querySelector<HTMLInputElement>('#gallery-file')!;
const subir = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Subir|Subiendo…)$/ });

describe('gallery upload page, server-rendered then hydrated', () => {
  it('the server sends the guard’s skeleton; the hydrated page shows the uploader and the count', async () => {
    const { html, hydrationErrors } = openPage([item(1), item(2)]);
    expect(html).toContain('Cargando...');
    expect(html).not.toContain('Subir fotos y videos');
    expect(await screen.findByText(`2 / ${limits.galleryMaxItems}`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Subir fotos y videos' })).toBeTruthy();
    expect(subir().disabled).toBe(true);
    expect(hydrationErrors).toEqual([]);
  });

  it('refuses other types and files over 2 MB with the spec’s messages, naming the file', async () => {
    const { user, api } = openPage([item(1)]);
    await screen.findByText(`1 / ${limits.galleryMaxItems}`);
    await user.upload(picker(), fakeFile('notas.txt', 'text/plain'));
    expect(await screen.findByText(msg.fileTypeNotAllowed('notas.txt'))).toBeTruthy();
    await user.upload(picker(), fakeFile('clip.mov', 'video/quicktime'));
    expect(await screen.findByText(msg.fileTypeNotAllowed('clip.mov'))).toBeTruthy();
    await user.upload(picker(), fakeFile('grande.jpg', 'image/jpeg', limits.galleryMaxBytes + 1));
    expect(await screen.findByText(msg.fileTooLarge('grande.jpg'))).toBeTruthy();
    // Videos have their own, larger limit.
    await user.upload(picker(), fakeFile('largo.mp4', 'video/mp4', limits.galleryVideoMaxBytes + 1));
    expect(await screen.findByText(msg.videoFileTooLarge('largo.mp4'))).toBeTruthy();
    expect(subir().disabled).toBe(true);
    expect(api.writes()).toEqual([]);
  });

  it('at 15 items the limit message shows and nothing more can be chosen', async () => {
    openPage(Array.from({ length: limits.galleryMaxItems }, (_, i) => item(i + 1)));
    expect(await screen.findByText(msg.galleryLimit)).toBeTruthy();
    expect(screen.getByText(`15 / ${limits.galleryMaxItems}`)).toBeTruthy();
    expect(picker().disabled).toBe(true);
    expect(subir().disabled).toBe(true);
  });

  it('uploads a photo, shows the server’s answer, stays busy 2 s, and reaches the limit at the 15th', async () => {
    const fourteen = Array.from({ length: limits.galleryMaxItems - 1 }, (_, i) => item(i + 1));
    const { user, api, gallery } = openPage(fourteen, {
      'POST /api/upload/subir-imagenes/valentina': () => {
        gallery.items = [...fourteen, item(15)];
        return { status: 201, body: { mensaje: msg.imageUploaded } };
      },
    });
    await screen.findByText(`14 / ${limits.galleryMaxItems}`);
    await user.upload(picker(), fakeFile('foto.jpg', 'image/jpeg'));
    expect(screen.getByText('foto.jpg')).toBeTruthy();
    await user.click(subir());
    expect(await screen.findByText(msg.imageUploaded)).toBeTruthy();

    const [upload] = api.writes();
    expect(upload).toMatchObject({
      method: 'POST',
      path: '/api/upload/subir-imagenes/valentina',
      authorization: null,
    });
    expect((upload!.form!.get('file') as File).name).toBe('foto.jpg');
    expect(await screen.findByText(msg.galleryLimit)).toBeTruthy();
    expect(screen.getByText(`15 / ${limits.galleryMaxItems}`)).toBeTruthy();

    // The spec holds the uploader for 2 s after each upload.
    expect(subir().textContent).toBe(msg.galleryUploading);
    await act(() => vi.advanceTimersByTimeAsync(timings.galleryBusyMs));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(subir().textContent).toBe('Subir');
  });

  it('accepts an MP4 video', async () => {
    const { user, api } = openPage([item(1)], {
      'POST /api/upload/subir-imagenes/valentina': {
        status: 201,
        body: { mensaje: 'Video subido exitosamente.' },
      },
    });
    await screen.findByText(`1 / ${limits.galleryMaxItems}`);
    await user.upload(picker(), fakeFile('clip.mp4', 'video/mp4'));
    await user.click(subir());
    expect(await screen.findByText('Video subido exitosamente.')).toBeTruthy();
    expect(api.writes()).toHaveLength(1);
  });

  it('deletes a photo and a video through their own calls; a failed video delete says to reload', async () => {
    const { user, api } = openPage([item(1), item(2, 'video')], {
      'DELETE /api/upload/eliminar-perfil-usuario/valentina/g1': { body: { mensaje: 'Eliminada.' } },
      'DELETE /api/upload/eliminar-video/valentina/g2': { status: 500 },
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar foto 1' }));
    expect(await screen.findByText(msg.imageDeleted)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Eliminar video 2' }));
    expect(await screen.findByText(msg.videoDeleteError)).toBeTruthy();
    expect(screen.getByText(msg.videoDeleteRefresh)).toBeTruthy();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/upload/eliminar-perfil-usuario/valentina/g1',
      'DELETE /api/upload/eliminar-video/valentina/g2',
    ]);
  });

  it('uploads three files from one pick, each with its own progress and error, one after the other', async () => {
    const { user, api, gallery } = openPage([item(1)], {
      'POST /api/upload/subir-imagenes/valentina': (call) => {
        const name = (call.form!.get('file') as File).name;
        if (name === 'mala.jpg') return { status: 415, body: { mensaje: msg.galleryTypeByBytes, code: 'X' } };
        gallery.items = [...gallery.items, item(gallery.items.length + 1)];
        return { status: 201, body: { mensaje: msg.imageUploaded } };
      },
    });
    await screen.findByText(`1 / ${limits.galleryMaxItems}`);
    await user.upload(picker(), [
      fakeFile('uno.jpg', 'image/jpeg'),
      fakeFile('mala.jpg', 'image/jpeg'),
      fakeFile('clip.mp4', 'video/mp4', 5 * 1024 * 1024),
    ]);
    expect(picker().multiple).toBe(true);
    for (const name of ['uno.jpg', 'mala.jpg', 'clip.mp4']) expect(screen.getByText(name)).toBeTruthy();
    await user.click(subir());
    expect(await screen.findByText('2 archivos subidos.')).toBeTruthy();
    expect(screen.getByText(msg.galleryTypeByBytes)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progreso de uno.jpg' })).toBeTruthy();
    expect(api.writes().map((c) => (c.form!.get('file') as File).name)).toEqual([
      'uno.jpg',
      'mala.jpg',
      'clip.mp4',
    ]);
    expect(await screen.findByText(`3 / ${limits.galleryMaxItems}`)).toBeTruthy();
    // After the 2 s hold the finished files leave the list; the failed one stays with its reason.
    await act(() => vi.advanceTimersByTimeAsync(timings.galleryBusyMs));
    await waitFor(() => expect(screen.queryByText('uno.jpg')).toBeNull());
    expect(screen.getByText('mala.jpg')).toBeTruthy();
  });

  it('reorders by keyboard and picks a cover: PUT orden with every publicId, focus stays on the item', async () => {
    const { user, api } = openPage([item(1), item(2), item(3)], {
      'PUT /api/upload/orden/valentina': (call) => {
        const orden = (call.body as { orden: string[] }).orden;
        return { body: { imagenes: orden.map((id) => item(Number(id.slice(1)))) } };
      },
    });
    const later = await screen.findByRole('button', { name: 'Mover foto 1 después' });
    expect(screen.getByRole('button', { name: 'Mover foto 1 antes' })).toHaveProperty('disabled', true);
    later.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(msg.galleryOrderSaved)).toBeTruthy();
    // g1 is now second, and the focus followed it.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Mover foto 2 después'),
    );
    await user.click(screen.getByRole('button', { name: 'Usar foto 3 como portada' }));
    expect(await screen.findByText(msg.galleryCoverSaved)).toBeTruthy();
    expect(api.writes().map((c) => (c.body as { orden: string[] }).orden)).toEqual([
      ['g2', 'g1', 'g3'],
      ['g3', 'g2', 'g1'],
    ]);
    expect(screen.getByText('Portada')).toBeTruthy();
  });
});
