// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { msg } from '@encanto/core/messages';
import { defaultPushPrefs } from '@encanto/core/push';
import { PushSettings } from '../src/components/notifications/push-settings.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const escort = () =>
  setStored({ nickname: 'vale', rut_usuario: '11111111-1', tipo: 'usuario', tipo_perfil: 'usuario' });

/** A browser with push: a granted permission and a worker whose push manager subscribes. */
function pushCapableBrowser(permission: 'granted' | 'denied' = 'granted') {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const subscribe = vi.fn(async () => subscription);
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe };
}

describe('Avisos en el teléfono', () => {
  it('says why a browser without push cannot get them, and still shows the switches', async () => {
    escort();
    fakeApi({ 'GET /api/cuenta/notificaciones/push': () => ({ body: defaultPushPrefs }) });
    renderHydrated(<PushSettings />, { url: '/panel/cuenta' });
    await screen.findByText(msg.pushNotSupported);
    expect(screen.queryByRole('button', { name: 'Activar avisos en este dispositivo' })).toBeNull();
    // Her kinds (an escort's), and the details switch, off by default.
    await screen.findByRole('switch', { name: /Solicitudes nuevas/ });
    expect(screen.getByRole('switch', { name: /Recordatorio de check-in/ })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /Visitas de tus favoritas/ })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Mostrar detalles/ }).checked).toBe(false);
  });

  it('turns "Mostrar detalles" on with one PUT', async () => {
    escort();
    let saved = { ...defaultPushPrefs };
    const api = fakeApi({
      'GET /api/cuenta/notificaciones/push': () => ({ body: saved }),
      'PUT /api/cuenta/notificaciones/push': (call) => {
        saved = { ...saved, ...(call.body as object) };
        return { body: saved };
      },
    });
    renderHydrated(<PushSettings />, { url: '/panel/cuenta' });
    fireEvent.click(await screen.findByRole('switch', { name: /Mostrar detalles/ }));
    await screen.findByText(msg.notificationsSaved);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ detalles: true }]);
  });

  it('activates this device: asks permission, subscribes with the server key, sends the subscription', async () => {
    escort();
    const { subscribe } = pushCapableBrowser();
    const api = fakeApi({
      'GET /api/cuenta/notificaciones/push': () => ({ body: defaultPushPrefs }),
      'GET /api/push/clave-publica': () => ({ body: { clave: 'BA' + 'A'.repeat(85) } }),
      'POST /api/push/suscripciones': () => ({
        status: 201,
        body: { id: '6f1c2b9e-3a7d-4c55-9e0b-1d2f3a4b5c6d' },
      }),
    });
    renderHydrated(<PushSettings />, { url: '/panel/cuenta' });
    fireEvent.click(await screen.findByRole('button', { name: 'Activar avisos en este dispositivo' }));
    await screen.findByText(msg.pushEnabled);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Desactivar en este dispositivo' })).toBeTruthy(),
    );
  });

  it('a refused permission says how to allow it, and sends nothing', async () => {
    escort();
    pushCapableBrowser('denied');
    const api = fakeApi({
      'GET /api/cuenta/notificaciones/push': () => ({ body: defaultPushPrefs }),
      'GET /api/push/clave-publica': () => ({ body: { clave: 'BA' + 'A'.repeat(85) } }),
    });
    renderHydrated(<PushSettings />, { url: '/panel/cuenta' });
    fireEvent.click(await screen.findByRole('button', { name: 'Activar avisos en este dispositivo' }));
    expect((await screen.findAllByText(msg.pushDenied)).length).toBeGreaterThan(0);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
