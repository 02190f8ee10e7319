import { describe, expect, it } from 'vitest';
import { statsChange, statsQuerySchema, statsTotals } from '../src/statistics.ts';

describe('statistics helpers', () => {
  it('sums a run of days', () => {
    expect(
      statsTotals([
        { fecha: '2026-11-01', vistas: 3, clics_whatsapp: 2, favoritos: 1, solicitudes: 0 },
        { fecha: '2026-11-02', vistas: 4, clics_whatsapp: 1, favoritos: 0, solicitudes: 2 },
      ]),
    ).toEqual({ vistas: 7, clics_whatsapp: 3, favoritos: 1, solicitudes: 2 });
  });

  it('compares with the previous period in whole percent, null when that had nothing', () => {
    expect(statsChange(15, 10)).toBe(50);
    expect(statsChange(5, 10)).toBe(-50);
    expect(statsChange(3, 0)).toBeNull();
  });

  it('dias defaults to 30 and stays within 1..90', () => {
    expect(statsQuerySchema.parse({})).toEqual({ dias: 30 });
    expect(statsQuerySchema.safeParse({ dias: '91' }).success).toBe(false);
    expect(statsQuerySchema.safeParse({ dias: '0' }).success).toBe(false);
  });
});
