// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { EscortProfile } from '@encanto/core/accounts';
import { msg } from '@encanto/core/messages';
import { EscortDataForm } from '../src/features/profiles/components/escort-data-form.tsx';
import { clearSession, setStored } from '../src/lib/session.ts';
import { fakeApi } from './helpers/fake-api.ts';
import { renderHydrated } from './helpers/render-hydrated.tsx';

const profile: EscortProfile = {
  rut_usuario: '11111111-1',
  nombre: 'Valentina Rojas',
  apellido: 'Valentina',
  nickname: 'vale',
  fecha_nac: '1995-05-04',
  email: 'vale@correo.cl',
  genero: 'Femenino',
  fono: '912345678',
  url: '/assets/avatars/femenino.svg',
  medidas: '90/60/90',
  legenda: 'Hola',
  ciudad: 'Santiago',
  estado: 'disponible',
  autorizado: 'aprobado',
  tipo_perfil: 'usuario',
  motivo: null,
  tarifa_desde: 80000,
  servicios: ['masajes'],
  atiende: null,
  horario: null,
  idiomas: ['espanol'],
  falta_para_listado: ['foto'],
};

beforeEach(() => setStored({ token: 'tok', nickname: 'vale', rut_usuario: profile.rut_usuario }));
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function openForm() {
  const api = fakeApi({
    'PUT /api/usuario/modificar': { body: { mensaje: 'Datos actualizados correctamente.' } },
  });
  const view = renderHydrated(<EscortDataForm profile={profile} />, { url: '/panel/perfil', data: {} });
  return { ...view, api, user: userEvent.setup() };
}

const tarifa = () => screen.getByLabelText<HTMLInputElement>('Tarifa desde (CLP)');

// Typing into a hydrated form is slow on a loaded machine: more than the unit project's 5 s default.
describe('Detalles in the escort data form', { timeout: 30_000 }, () => {
  it('renders the saved details on the server, formats the rate as typed and sends every detail', async () => {
    const { html, hydrationErrors, user, api } = openForm();
    expect(html).toContain('value="80.000"');
    expect(hydrationErrors).toEqual([]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Masajes' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Sin indicar' }).checked).toBe(true);

    await user.clear(tarifa());
    await user.type(tarifa(), '1x20000');
    expect(tarifa().value).toBe('120.000');
    expect(screen.getByText(/Se verá: Desde \$120\.000\./)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Viajes' }));
    await user.click(screen.getByRole('checkbox', { name: 'Masajes' }));
    await user.click(screen.getByRole('radio', { name: 'Ambos' }));
    await user.click(screen.getByRole('checkbox', { name: 'Portugués' }));
    await user.type(screen.getByLabelText('Horario'), 'Noches');
    expect(screen.getByText('6/200')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos actualizados correctamente.')).toBeTruthy();
    const body = api.writes()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      tarifa_desde: 120000,
      servicios: ['viajes'],
      atiende: 'ambos',
      horario: 'Noches',
      idiomas: ['espanol', 'portugues'],
    });
  });

  it('an empty rate is sent as null (cleared); a rate under $10.000 is refused before sending', async () => {
    const { user, api } = openForm();
    await user.clear(tarifa());
    await user.type(tarifa(), '5000');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(msg.tarifaDesde)).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.clear(tarifa());
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos actualizados correctamente.')).toBeTruthy();
    expect((api.writes()[0]!.body as Record<string, unknown>).tarifa_desde).toBeNull();
  });
});
