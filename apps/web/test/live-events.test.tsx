// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { Conversation } from '@encanto/core/meetings';
import { MeetingsBadge } from '../src/components/layout/meetings-badge.tsx';
import { useConversation } from '../src/features/meetings/api/conversation.ts';
import { useLiveEvents } from '../src/lib/live.ts';
import { useFallbackPoll } from '../src/lib/live-status.ts';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

/** Stands for the browser's EventSource: the test opens it, sends it events and reads what the page did. */
class FakeEventSource extends EventTarget {
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  setStored({ nickname: 'vale', rut_usuario: '12.345.678-5' });
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const CITA = '7d3f8f3e-8a43-4b8e-9d55-0a5f3b1a2c11';
const conversation: Conversation = {
  cita: CITA,
  abierta: true,
  hasta: null,
  otra_parte: { nickname: 'juan', nombre: 'Juan' },
  mensajes: [{ id: 1, texto: 'Hola', fecha: '2026-11-29T01:00:00.000Z', mio: false }],
};

function Page() {
  useLiveEvents(true);
  const chat = useConversation(CITA, true);
  const poll = useFallbackPoll(4000);
  return (
    <div>
      <MeetingsBadge />
      <p data-testid="poll">{poll === false ? 'sin sondeo' : `cada ${poll} ms`}</p>
      <ul>
        {chat.data?.mensajes.map((m) => (
          <li key={m.id}>{m.texto}</li>
        ))}
      </ul>
    </div>
  );
}

function open(reread: () => Promise<Conversation> = async () => conversation) {
  const api = fakeApi({
    'GET /api/citas/resumen': { body: { por_responder: 0, no_leidos: 0, total: 0 } },
    [`GET /api/citas/${CITA}/mensajes`]: async () => ({ body: await reread() }),
    'GET /api/citas/mias': { body: { citas: [] } },
  });
  const view = renderHydrated(<Page />, {
    url: '/cita',
    data: { [`/citas/${CITA}/mensajes`]: conversation },
  });
  return { api, view };
}

describe('the live event stream in the page', () => {
  it('polls until the stream opens, then follows its badge and messages without polling', async () => {
    // The reread after a message is held until the test lets it answer.
    let answer: (c: Conversation) => void = () => {};
    const { api } = open(() => new Promise((resolve) => (answer = resolve)));
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/eventos']);
    expect(screen.getByTestId('poll').textContent).toBe('cada 4000 ms');
    const stream = FakeEventSource.all[0]!;
    // The badge's first read answers before the stream's first count, as on a page load.
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === '/api/citas/resumen')).toBe(true));
    await act(async () => {});
    act(() => stream.open());
    expect(screen.getByTestId('poll').textContent).toBe('sin sondeo');

    act(() => stream.emit('contador', { por_responder: 1, no_leidos: 2, total: 3 }));
    expect((await screen.findByTestId('meetings-badge')).textContent).toContain('3');

    const before = api.calls.filter((c) => c.path === `/api/citas/${CITA}/mensajes`).length;
    const message = { id: 2, texto: 'Voy en camino', fecha: '2026-11-29T01:01:00.000Z', mio: false };
    act(() => stream.emit('mensaje', { cita: CITA, mensaje: message }));
    // Shown from the event itself, before any read answers...
    expect(await screen.findByText('Voy en camino')).toBeTruthy();
    // ...and reread, so the server marks it read while it is on screen.
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.path === `/api/citas/${CITA}/mensajes`).length).toBeGreaterThan(
        before,
      ),
    );
    await act(async () => answer({ ...conversation, mensajes: [...conversation.mensajes, message] }));
    expect(screen.getAllByText('Voy en camino')).toHaveLength(1);
    // A malformed event changes nothing.
    act(() => stream.emit('contador', { total: 'muchos' }));
    expect(screen.getByTestId('meetings-badge').textContent).toContain('3');
  });

  it('falls back to polling when the server ends the stream, and opens again when the tab is shown', () => {
    open();
    const first = FakeEventSource.all[0]!;
    act(() => first.open());
    act(() => first.emit('fin', { motivo: 'otra_pestana' }));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(screen.getByTestId('poll').textContent).toBe('cada 4000 ms');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(FakeEventSource.all).toHaveLength(2);
    const second = FakeEventSource.all[1]!;
    act(() => second.open());
    expect(screen.getByTestId('poll').textContent).toBe('sin sondeo');
    // A session that ended does not come back by itself.
    act(() => second.emit('fin', { motivo: 'sesion' }));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(FakeEventSource.all).toHaveLength(2);
    expect(screen.getByTestId('poll').textContent).toBe('cada 4000 ms');
  });

  it('polls while the browser reconnects after an error', () => {
    open();
    const stream = FakeEventSource.all[0]!;
    act(() => stream.open());
    act(() => stream.onerror?.());
    expect(screen.getByTestId('poll').textContent).toBe('cada 4000 ms');
    act(() => stream.open());
    expect(screen.getByTestId('poll').textContent).toBe('sin sondeo');
  });
});
