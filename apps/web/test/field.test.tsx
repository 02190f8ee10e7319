// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Field } from '../src/components/ui/field.tsx';

afterEach(cleanup);

/** The ids a control's aria-describedby names, each read back as the text a screen reader adds. */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('ties its label, hint and error to the control', () => {
    render(
      <Field label="Motivo" hint="Lo recibirá por correo." error="Escribe un motivo.">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const control = screen.getByLabelText('Motivo');
    expect(control.tagName).toBe('TEXTAREA');
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(control)).toEqual(['Lo recibirá por correo.', 'Escribe un motivo.']);
    expect(screen.getByRole('alert').textContent).toBe('Escribe un motivo.');
  });

  it('names only what it shows: the hint alone, then nothing', () => {
    const { rerender } = render(
      <Field id="nombre" label="Nombre" hint="Como mucho 60 caracteres." error={undefined}>
        {(control) => <input {...control} />}
      </Field>,
    );
    const control = screen.getByLabelText('Nombre');
    expect(control.id).toBe('nombre');
    expect(control.hasAttribute('aria-invalid')).toBe(false);
    expect(describedBy(control)).toEqual(['Como mucho 60 caracteres.']);
    rerender(
      <Field id="nombre" label="Nombre" error={undefined}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Nombre').hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
