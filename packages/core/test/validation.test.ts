import { describe, expect, it } from 'vitest';
import {
  approvalNotice,
  auditActionLabel,
  auditActionLabels,
  clientRejectionReasons,
  escortRejectionReasons,
  joinReasons,
  motivoBodySchema,
  rejectionFormSchema,
  rejectionMotivo,
  rejectionNotice,
} from '../src/validation.ts';

describe('rejection reasons', () => {
  it('the provider version is the client version without the retry wording', () => {
    expect(escortRejectionReasons.slice(0, 2)).toEqual(clientRejectionReasons.slice(0, 2));
    expect(clientRejectionReasons[2]).toBe(`${escortRejectionReasons[2]} y vuelve a intentarlo`);
  });

  it('speak to the person as tú, like the rest of the site (decision 0148)', () => {
    for (const reason of [...clientRejectionReasons, ...escortRejectionReasons])
      expect(reason).not.toMatch(/\b(debe|su|vuelva|suba|intente)\b/i);
  });

  it('at least one reason is required, with the spec message; several are joined with ", "', () => {
    const empty = rejectionFormSchema.safeParse({ reasons: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Por favor, selecciona un motivo.');
    expect(joinReasons(['a', 'b', 'c'])).toBe('a, b, c');
    for (const body of [{}, { motivo: '' }, { motivo: '  ' }, null]) {
      const r = motivoBodySchema.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Por favor, selecciona un motivo.');
    }
    expect(motivoBodySchema.parse({ motivo: ' La foto está mal tomada ' })).toEqual({
      motivo: 'La foto está mal tomada',
    });
  });

  it('free text follows the joined reasons as its own sentence, one line, at most 300 characters', () => {
    expect(rejectionMotivo('La foto está mal tomada')).toBe('La foto está mal tomada');
    expect(rejectionMotivo('La foto está mal tomada', '  ')).toBe('La foto está mal tomada');
    expect(rejectionMotivo('a, b', 'El RUT no se lee...')).toBe('a, b. El RUT no se lee');
    const form = rejectionFormSchema.parse({ reasons: ['a'], detalle: ' uno\n\n dos ' });
    expect(form.detalle).toBe('uno dos');
    const long = rejectionFormSchema.safeParse({ reasons: ['a'], detalle: 'x'.repeat(301) });
    expect(long.error?.issues[0]?.message).toBe(
      'El detalle del rechazo puede tener como máximo 300 caracteres.',
    );
  });

  it('every audit code reads as Spanish words, never as the code; an unknown code reads as its words', () => {
    for (const [code, label] of Object.entries(auditActionLabels)) {
      expect(label).not.toMatch(/[_-]/);
      expect(label).not.toBe(code);
    }
    expect(auditActionLabel('perfil_en_espera')).toBe('Perfil en espera por denuncia');
    expect(auditActionLabel('codigo_nuevo')).toBe('Codigo nuevo');
  });

  it('notices read as the spec words them', () => {
    expect(rejectionNotice('La foto está mal tomada', 'pendiente')).toBe(
      'Motivo de rechazo: La foto está mal tomada. Estado de autorización: pendiente',
    );
    // The approval in words a person would say (decision 0148).
    expect(approvalNotice('Cuenta Autorizada')).toBe('¡Tu cuenta fue aprobada!');
    expect(approvalNotice('Bienvenida')).toBe('¡Tu cuenta fue aprobada! Bienvenida');
  });
});
