import { describe, expect, it } from 'vitest';
import {
  approvalNotice,
  clientRejectionReasons,
  escortRejectionReasons,
  joinReasons,
  motivoBodySchema,
  rejectionFormSchema,
  rejectionNotice,
} from '../src/validation.ts';

describe('rejection reasons', () => {
  it('the provider version is the client version without the retry wording', () => {
    expect(escortRejectionReasons.slice(0, 2)).toEqual(clientRejectionReasons.slice(0, 2));
    expect(clientRejectionReasons[2]).toBe(`${escortRejectionReasons[2]}, vuelva a intentarlo`);
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

  it('notices read as the spec words them', () => {
    expect(rejectionNotice('La foto está mal tomada', 'pendiente')).toBe(
      'Motivo de rechazo: La foto está mal tomada. Estado de autorización: pendiente',
    );
    expect(approvalNotice('Cuenta Autorizada')).toBe(
      'Motivo de aprobación: Cuenta Autorizada. Estado de autorización: aprobado',
    );
  });
});
