// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { timings } from '@encanto/core/constants';
import { msg } from '@encanto/core/messages';
import type { DocumentInfo, ValidationKind } from '@encanto/core/validation';
import UploadDocumentPage from '../src/features/validation/pages/upload-document-page.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi, fakeFile, type Reply, type Route } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

beforeEach(() => {
  // A fixed blob URL for the private preview, to see that the fetched bytes are what is shown.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:documento');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const none: Route = { status: 404, body: { mensaje: 'No hay imagen.', code: 'NOT_FOUND' } };
const segment = (kind: ValidationKind) => (kind === 'cliente' ? 'cliente' : 'escort');
const infoPath = (kind: ValidationKind) => `/api/upload/obtener-imagen-validacion-${segment(kind)}/vale`;
const profilePath = (kind: ValidationKind) => (kind === 'cliente' ? '/mi-cuenta/perfil' : '/panel');

const noticePath = (kind: ValidationKind) =>
  kind === 'cliente' ? '/api/cliente/alerta-pendiente/11111111-1' : '/api/escort-alerta-pendiente/vale';
/** The pending notice as the server answers it: the rejection reason, or an empty list. */
const rejectionNotice = (kind: ValidationKind, motivo: string | null): Reply => {
  const list = motivo ? [{ nickname: 'vale', motivo, autorizado: 'pendiente' }] : [];
  return { body: kind === 'cliente' ? { clientes: list } : { usuario: list } };
};

/** The document upload page of a signed-in account (nickname 'vale'), with the redirect delay on a fake clock. */
function openPage(
  kind: ValidationKind,
  document: { current: Route },
  routes: Record<string, Route> = {},
  rejection: { current: string | null } = { current: null },
) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  setStored(
    kind === 'cliente'
      ? { nickname: 'vale', rut_cliente: '11111111-1' }
      : { nickname: 'vale', rut_usuario: '12.345.678-5' },
  );
  const api = fakeApi({
    [`GET ${infoPath(kind)}`]: (call) =>
      typeof document.current === 'function' ? document.current(call) : document.current,
    'GET /api/documentos/vale.webp': { body: 'bytes' },
    [`GET ${noticePath(kind)}`]: () => rejectionNotice(kind, rejection.current),
    ...routes,
  });
  const view = renderHydrated(<UploadDocumentPage kind={kind} />, {
    url: kind === 'cliente' ? '/FotoParaValidarCliente' : '/FotoParaValidarUsuario',
    elsewhere: { [profilePath(kind)]: 'Perfil de la cuenta' },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...view, api, user };
}

const uploaded: DocumentInfo = { imageUrl: '/api/documentos/vale.webp', publicId: 'doc1' };
const subirFoto = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Subir Foto' });

describe('identity document upload, server-rendered then hydrated', () => {
  it('the server sends the title and the guard’s skeleton; hydrated, the picker waits for a file', async () => {
    const { html, hydrationErrors } = openPage('cliente', { current: none });
    expect(html).toContain('Validar mi cuenta');
    expect(html).toContain('Cargando...');
    expect(await screen.findByLabelText('Foto de tu documento')).toBeTruthy();
    expect(subirFoto().disabled).toBe(true);
    expect(hydrationErrors).toEqual([]);
  });

  it.each(['cliente', 'usuario'] as const)(
    '%s: uploads the photo with the nickname first, confirms, and returns to the profile after 4 s',
    async (kind) => {
      const document = { current: none };
      const { user, api } = openPage(kind, document, {
        [`POST /api/upload/subir-validacion-${segment(kind)}/vale`]: () => {
          document.current = { body: uploaded };
          return { status: 201, body: { fileUrl: '', publicId: 'doc1', mensaje: msg.imageUploaded } };
        },
      });
      await user.upload(
        await screen.findByLabelText('Foto de tu documento'),
        fakeFile('cedula.jpg', 'image/jpeg'),
      );
      await user.click(subirFoto());
      expect((await screen.findByRole('status')).textContent).toBe(msg.imageUploaded);

      const [upload] = api.writes();
      expect(upload).toMatchObject({
        method: 'POST',
        path: `/api/upload/subir-validacion-${segment(kind)}/vale`,
        // The session rides in its HttpOnly cookie: no script-built header.
        authorization: null,
      });
      expect([...upload!.form!.keys()]).toEqual(['nickname', 'file']);
      expect((upload!.form!.get('file') as File).name).toBe('cedula.jpg');
      // Refetched: the document now waits for the administrator, shown from the private address.
      expect(await screen.findByText(msg.waitForAdmin)).toBeTruthy();
      await waitFor(() =>
        expect(
          screen.getByRole<HTMLImageElement>('img', { name: 'Documento de identidad cargado' }).src,
        ).toBe('blob:documento'),
      );
      expect(api.calls.find((c) => c.path === uploaded.imageUrl)?.authorization).toBeNull();

      await act(() => vi.advanceTimersByTimeAsync(timings.postUploadRedirectMs));
      expect(await screen.findByText('Perfil de la cuenta')).toBeTruthy();
    },
  );

  it('a refused upload says “Error al subir la imagen.” with the server’s reason, in red', async () => {
    const { user } = openPage(
      'cliente',
      { current: none },
      {
        'POST /api/upload/subir-validacion-cliente/vale': {
          status: 413,
          body: { mensaje: msg.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
        },
      },
    );
    await user.upload(
      await screen.findByLabelText('Foto de tu documento'),
      fakeFile('cedula.jpg', 'image/jpeg'),
    );
    await user.click(subirFoto());
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${msg.imageUploadError} ${msg.payloadTooLarge}`,
    );
    expect(screen.queryByText('Perfil de la cuenta')).toBeNull();
  });

  it('with a document under review, upload is closed until “Eliminar Imagen” deletes it', async () => {
    const document: { current: Route } = { current: { body: uploaded } };
    const { user, api } = openPage('cliente', document, {
      'DELETE /api/upload/eliminar-validacion-cliente/vale/doc1': () => {
        document.current = none;
        return { body: { mensaje: 'Eliminada.' } };
      },
    });
    expect(await screen.findByText(msg.waitForAdmin)).toBeTruthy();
    expect(subirFoto().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Eliminar Imagen' }));
    expect((await screen.findByRole('status')).textContent).toBe(msg.imageDeleted);
    expect(await screen.findByLabelText('Foto de tu documento')).toBeTruthy();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/upload/eliminar-validacion-cliente/vale/doc1',
    ]);
  });

  it('an account already validated gets the spec’s text and a way back to its profile', async () => {
    openPage('cliente', {
      current: { status: 403, body: { mensaje: msg.accountValidated, code: 'FORBIDDEN' } },
    });
    expect(await screen.findByText(msg.accountValidated)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a mi perfil' }).getAttribute('href')).toBe(
      '/mi-cuenta/perfil',
    );
  });

  it('a photo over 8 MB is refused before sending, with its size and the limit, in red', async () => {
    const { user, api } = openPage('cliente', { current: none });
    const picker = await screen.findByLabelText('Foto de tu documento');
    await user.upload(picker, fakeFile('cedula.jpg', 'image/jpeg', 9.4 * 1024 * 1024));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(msg.documentTooLarge('9,4', 8));
    expect(alert.textContent).toBe(
      'Error: la foto pesa 9,4 MB y el máximo es 8 MB. Elige una foto más liviana o toma una nueva.',
    );
    expect(alert.className).toContain('message-error');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(subirFoto().disabled).toBe(true);
    expect(api.writes()).toEqual([]);

    // Just over the limit never reads as "8 MB"; exactly 8 MB is accepted and can be sent.
    await user.upload(picker, fakeFile('cedula.jpg', 'image/jpeg', 8 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toContain('pesa 8,1 MB');
    await user.upload(picker, fakeFile('cedula.jpg', 'image/jpeg', 8 * 1024 * 1024));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(subirFoto().disabled).toBe(false);
    expect(picker.getAttribute('aria-invalid')).toBeNull();
  });

  it.each(['cliente', 'usuario'] as const)(
    '%s, rejected: shows the reason, not the wait text, and a new photo replaces the rejected one in one step',
    async (kind) => {
      const motivo = 'La foto está mal tomada. El RUT no se lee';
      const document: { current: Route } = { current: { body: uploaded } };
      const rejection = { current: motivo as string | null };
      const { user, api } = openPage(
        kind,
        document,
        {
          [`DELETE /api/upload/eliminar-validacion-${segment(kind)}/vale/doc1`]: () => {
            document.current = none;
            return { body: { mensaje: msg.imageDeleted } };
          },
          [`POST /api/upload/subir-validacion-${segment(kind)}/vale`]: () => {
            // The server clears the rejection with the new document.
            document.current = { body: { ...uploaded, publicId: 'doc2' } };
            rejection.current = null;
            return { status: 201, body: { fileUrl: '', publicId: 'doc2', mensaje: msg.imageUploaded } };
          },
        },
        rejection,
      );
      expect(await screen.findByRole('heading', { name: 'Tu documento fue rechazado' })).toBeTruthy();
      expect(screen.getByText(motivo)).toBeTruthy();
      expect(screen.queryByText(msg.waitForAdmin)).toBeNull();
      expect(await screen.findByRole('img', { name: 'Documento de identidad rechazado' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Eliminar Imagen' })).toBeNull();

      await user.upload(
        screen.getByLabelText('Nueva foto de tu documento'),
        fakeFile('cedula-nueva.jpg', 'image/jpeg'),
      );
      await user.click(screen.getByRole('button', { name: 'Subir nueva foto' }));
      expect((await screen.findByRole('status')).textContent).toBe(msg.imageUploaded);
      expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
        `DELETE /api/upload/eliminar-validacion-${segment(kind)}/vale/doc1`,
        `POST /api/upload/subir-validacion-${segment(kind)}/vale`,
      ]);
      // Refetched: the reason is gone and the new document waits for the administrator.
      expect(await screen.findByText(msg.waitForAdmin)).toBeTruthy();
      expect(screen.queryByText(motivo)).toBeNull();
    },
  );

  it('rejected and already deleted: the reason stays above the usual picker', async () => {
    openPage('cliente', { current: none }, {}, { current: 'Los datos no coinciden con la foto' });
    expect(await screen.findByText('Los datos no coinciden con la foto')).toBeTruthy();
    expect(await screen.findByLabelText('Foto de tu documento')).toBeTruthy();
    expect(subirFoto().disabled).toBe(true);
  });
});
