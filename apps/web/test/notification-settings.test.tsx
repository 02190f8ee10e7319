// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { msg } from '@encanto/core/messages';
import { NotificationSettings } from '../src/components/notifications/notification-settings.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notification switches', () => {
  it('a switch turned on stays on while the saved value is being fetched again (no flicker back)', async () => {
    setStored({ nickname: 'vale', rut_usuario: '11111111-1', tipo: 'usuario', tipo_perfil: 'usuario' });
    let saved = { solicitudes: false, mensajes: true, comentarios: true };
    let releaseRefetch: (() => void) | undefined;
    let reads = 0;
    fakeApi({
      'GET /api/cuenta/notificaciones': async () => {
        reads += 1;
        // The first read answers at once; the refetch after the save is held until the test lets it go.
        if (reads > 1) await new Promise<void>((resolve) => (releaseRefetch = resolve));
        return { body: saved };
      },
      'PUT /api/cuenta/notificaciones': (call) => {
        saved = { ...saved, ...(call.body as object) };
        return { body: saved };
      },
    });
    renderHydrated(<NotificationSettings />, { url: '/panel/cuenta' });
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /Solicitudes nuevas/ });
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await screen.findByText(msg.notificationsSaved);
    await waitFor(() => expect(releaseRefetch).toBeDefined());
    // Saved, refetch in flight: the switch shows what the person chose, not the old value.
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Solicitudes nuevas/ }).checked).toBe(true);
    releaseRefetch!();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: /Solicitudes nuevas/ }).disabled).toBe(
        false,
      ),
    );
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Solicitudes nuevas/ }).checked).toBe(true);
  });
});
