// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { msg } from '@encanto/core/messages';
import type { PendingEscort } from '@encanto/core/validation';
import PendingPage from '../src/features/admin/pages/pending-page.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

// jsdom has no modal dialogs: opening one only marks it open, which is all these tests read.
const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
beforeAll(() => {
  dialog.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterAll(() => {
  delete dialog.showModal;
  delete dialog.close;
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (nickname: string, edad: number, documento: string | null): PendingEscort => ({
  rut_usuario: `${nickname}-rut`,
  nombre: `Nombre de ${nickname}`,
  nickname,
  fecha_nac: `${2026 - edad}-01-01`,
  edad,
  motivo: null,
  documento,
  creado: '2026-11-01T12:00:00.000Z',
});

function openQueue() {
  setStored({ nickname: 'jefa', tipo: 'admin', tipo_perfil: 'admin' });
  const api = fakeApi({
    'GET /api/usuario/pendientes': {
      body: [row('adulta', 30, 'doc1'), row('joven', 17, 'doc2'), row('sindoc', 25, null)],
    },
    'GET /api/admin/auditoria?limite=5': { body: [] },
    'POST /api/usuario/informar-rechazo-escort/adulta-rut': (call) => ({
      body: { mensaje: (call.body as { motivo: string }).motivo },
    }),
    'PUT /api/usuario/autorizar/adulta-rut': {
      body: { mensaje: msg.escortAuthorized, autorizado: 'aprobado' },
    },
  });
  const view = renderHydrated(<PendingPage kind="usuario" />, { url: '/pendientes/usuarios' });
  return { ...view, api };
}

const rowOf = (nickname: string) => {
  const cell = screen.getByRole('cell', { name: nickname });
  return within(cell.closest('tr')!);
};

describe('the escorts queue', () => {
  it('an under-18 birth date cannot be missed: a warning above the table, the row marked, Autorizar closed', async () => {
    const { hydrationErrors } = openQueue();
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(
      'Una cuenta de esta lista tiene una fecha de nacimiento de menor de 18 años.',
    );
    const minor = rowOf('joven');
    expect(minor.getByText('17 años')).toBeTruthy();
    expect(minor.getByText('Menor de edad')).toBeTruthy();
    expect(minor.getByText('01-01-2009')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'joven' }).closest('tr')!.className).toContain('admin-row-minor');
    const closed = minor.getByRole<HTMLButtonElement>('button', { name: 'Autorizar a joven' });
    expect(closed.disabled).toBe(true);
    expect(document.getElementById(closed.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Menor de 18 años: no se puede autorizar.',
    );
    // Without a document there is nothing to authorise either; with one, Autorizar is open.
    expect(
      rowOf('sindoc').getByRole<HTMLButtonElement>('button', { name: 'Autorizar a sindoc' }).disabled,
    ).toBe(true);
    expect(
      rowOf('adulta').getByRole<HTMLButtonElement>('button', { name: 'Autorizar a adulta' }).disabled,
    ).toBe(false);
    expect(rowOf('adulta').queryByText('Menor de edad')).toBeNull();
    expect(hydrationErrors).toEqual([]);
  });

  it('Autorizar asks first; only “Sí, autorizar” sends the approval', async () => {
    const { user, api } = openQueue();
    await user.click(await screen.findByRole('button', { name: 'Autorizar a adulta' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Autorizar a adulta?' });
    expect(within(confirm).getByText('30 años')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Autorizar a adulta' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, autorizar' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(msg.escortAuthorized);
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/usuario/autorizar/adulta-rut',
    ]);
  });

  it('Rechazar: at least one preset reason, then the admin’s own words, previewed and sent beside the reasons', async () => {
    const { user, api } = openQueue();
    await user.click(await screen.findByRole('button', { name: 'Rechazar a adulta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar a adulta' });
    const send = within(dialog).getByRole('button', { name: 'Rechazar' });
    await user.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(msg.selectReason);
    expect(api.writes()).toEqual([]);

    await user.click(within(dialog).getByLabelText('La foto está mal tomada'));
    await user.click(within(dialog).getByLabelText('Sube un documento que acredite tu identidad'));
    const detail = within(dialog).getByLabelText('Detalle para la persona (opcional)');
    await user.type(detail, 'El RUT{Enter}no se lee.');
    expect(within(dialog).getByText('17/300 caracteres.', { exact: false })).toBeTruthy();
    expect(
      within(dialog).getByText(
        'La foto está mal tomada, Sube un documento que acredite tu identidad. El RUT no se lee',
      ),
    ).toBeTruthy();
    await user.click(send);
    expect((await screen.findByRole('status')).textContent).toBe(msg.rejectionSent('adulta'));
    const [sent] = api.writes();
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/usuario/informar-rechazo-escort/adulta-rut',
      // The reasons joined with ', ' (spec); the free text on one line, as the server keeps it.
      body: {
        motivo: 'La foto está mal tomada, Sube un documento que acredite tu identidad',
        detalle: 'El RUT no se lee.',
      },
    });
  });
});
