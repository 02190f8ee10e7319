import { describe, expect, it } from 'vitest';
import { loginForIntent, loginIntentText, readLoginIntent } from '../src/login-intent.ts';

describe('the login intent (decision 0143)', () => {
  it('travels in the client login URL and says why in words', () => {
    const href = loginForIntent({ accion: 'favorito', perfil: 'valeria', nombre: 'Valeria' });
    expect(href).toBe('/Login/clienteLogin?accion=favorito&perfil=valeria&nombre=Valeria');
    const intent = readLoginIntent(href.slice(href.indexOf('?')));
    expect(intent).toEqual({ accion: 'favorito', perfil: 'valeria', nombre: 'Valeria' });
    expect(loginIntentText(intent!)).toBe('Inicia sesión para guardar a Valeria en tus favoritos.');
    expect(loginIntentText({ accion: 'cita', perfil: 'zoe' })).toBe(
      'Inicia sesión para pedirle una cita a zoe.',
    );
    expect(loginIntentText({ accion: 'comentar', perfil: 'zoe', nombre: 'Zoe G.' })).toBe(
      'Inicia sesión para comentar el perfil de Zoe G.',
    );
  });

  it('ignores what it does not understand: an unknown action, a nickname with a path in it, odd names', () => {
    expect(readLoginIntent('?accion=borrar&perfil=valeria')).toBeNull();
    expect(readLoginIntent('?accion=cita&perfil=../admin')).toBeNull();
    expect(readLoginIntent('?accion=cita&perfil=//evil.example')).toBeNull();
    expect(readLoginIntent('')).toBeNull();
    expect(readLoginIntent('?accion=cita&perfil=valeria&nombre=<b>x</b>')?.nombre).toBeUndefined();
  });
});
