import { describe, expect, it } from 'vitest';
import { msg } from '@encanto/core/messages';
import { renderToString } from 'react-dom/server';
import { ApiError, errorText } from '../src/lib/api-client.ts';
import {
  cityChangeProblem,
  cityFailureText,
  estadoLabel,
  newPhotoProblem,
  otherEstado,
  photoFileProblem,
  planImageDelete,
} from '../src/features/profiles/profile-rules.ts';
import { clientNav, escortNav } from '../src/components/dashboard/dashboard-layout.tsx';
import { legacyRedirects, paths } from '../src/config/paths.ts';
import { FilePicker } from '../src/components/file-picker.tsx';

const stored = { imageUrl: '/media/ab/ab12-640.webp', publicId: 'ab12', origen: 'archivo' as const };
const avatar = {
  imageUrl: '/assets/avatars/femenino.svg',
  publicId: null,
  origen: 'predeterminada' as const,
};

describe('status section', () => {
  it('the button offers the other estado', () => {
    expect(otherEstado('disponible')).toBe('inactiva');
    expect(otherEstado('inactiva')).toBe('disponible');
    expect(estadoLabel('inactiva')).toBe('Inactiva');
  });

  it('a refusal shows the server message, else the spec default', () => {
    expect(
      errorText(
        new ApiError(403, { mensaje: 'Tu perfil está en revisión.', code: 'FORBIDDEN' }),
        'No se pudo cambiar el estado',
      ),
    ).toBe('Tu perfil está en revisión.');
    expect(errorText(new ApiError(500, null), 'No se pudo cambiar el estado')).toBe(
      'No se pudo cambiar el estado',
    );
    // No answer at all: "Sin conexión", not the screen's failure (decision 0150).
    expect(errorText(new TypeError('fetch failed'), 'No se pudo cambiar el estado')).toBe(msg.offline);
  });
});

describe('photo form rules', () => {
  it('delete: the stored photo by publicId (a photo given as a link is stored too)', () => {
    expect(planImageDelete(stored, 'vale')).toEqual({ publicId: 'ab12' });
  });

  it('delete without nickname or publicId gives the spec messages', () => {
    expect(planImageDelete(stored, null)).toEqual({ error: 'No se encontró el nickname o el publicId.' });
    expect(planImageDelete(avatar, 'vale')).toEqual({ error: 'No se encontró el nickname o el publicId.' });
  });

  it('a new photo while one is shown must wait for the delete', () => {
    expect(newPhotoProblem(stored)).toBe('Debes eliminar la imagen actual antes de cargar una nueva.');
    expect(newPhotoProblem(avatar)).toBeNull();
  });

  it('only images up to 8 MB are sent', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(photoFileProblem({ type: 'application/pdf', size: 1000 })).toBe('Tipo de archivo no permitido.');
    expect(photoFileProblem({ type: 'image/png', size: 8 * 1024 * 1024 + 1 })).toBe(
      'El archivo supera el tamaño permitido.',
    );
  });

  it('the picker reads in Spanish and names the chosen file', () => {
    const picker = (file: File | null) => (
      <FilePicker id="f" file={file} label="Elegir imagen" hint="JPG" onChange={() => undefined} />
    );
    const empty = renderToString(picker(null));
    expect(empty).toContain('Elegir imagen');
    expect(empty).toContain('Ningún archivo seleccionado');
    const chosen = renderToString(picker(new File(['x'], 'yo.jpg')));
    expect(chosen).toContain('yo.jpg');
  });
});

describe('city change messages', () => {
  it('a city must be chosen, and a nickname stored', () => {
    expect(cityChangeProblem('', 'vale')).toBe('Debes seleccionar una ciudad para actualizar.');
    expect(cityChangeProblem('Talca', null)).toBe('No se encontró el nickname. Por favor, inicia sesión.');
    expect(cityChangeProblem('Talca', 'vale')).toBeNull();
  });

  it('failure: server message, else the fallback; unreachable server gets the "Error al actualizar la ciudad:" text', () => {
    expect(
      cityFailureText(
        new ApiError(400, { mensaje: 'Debes seleccionar una ciudad para actualizar.', code: 'BAD_REQUEST' }),
      ),
    ).toBe('Debes seleccionar una ciudad para actualizar.');
    expect(cityFailureText(new ApiError(502, null))).toBe('No se pudo actualizar la ciudad.');
    expect(cityFailureText(new ApiError(0, null))).toBe(
      'Error al actualizar la ciudad: no hay conexión con el servidor.',
    );
  });
});

describe('own area menus', () => {
  it('the escort area has one labelled section per route, Solicitudes with the badge', () => {
    expect(escortNav.map((s) => s.label)).toEqual([
      'Resumen',
      'Solicitudes',
      'Perfil',
      'Fotos',
      'Calificar clientes',
      'Estadísticas',
      'Gira',
      'Cuenta',
    ]);
    expect(escortNav.filter((s) => s.badge).map((s) => s.to)).toEqual([paths.requests]);
    expect(new Set(escortNav.map((s) => s.to)).size).toBe(escortNav.length);
  });

  it('the client area: Favoritos, Mis citas, Perfil, Cuenta', () => {
    expect(clientNav.map((s) => s.label)).toEqual([
      'Favoritos',
      'Mis citas',
      'Mis búsquedas',
      'Perfil',
      'Cuenta',
    ]);
  });

  it('the old addresses point into the areas', () => {
    const to = Object.fromEntries(legacyRedirects.map((r) => [r.from, r.to]));
    expect(to['/ProfileUsuario']).toBe(paths.escortHome);
    expect(to['/ImagenesUsuario']).toBe(paths.photos);
    expect(to['/profileCliente']).toBe(paths.clientProfile);
  });
});
