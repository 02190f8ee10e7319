import { describe, expect, it } from 'vitest';
import { msg } from '../src/messages.ts';
import { giraBodySchema, giraProblems, giraSchemaOn } from '../src/touring.ts';
import { addDays, visitRange } from '../src/touring-dates.ts';

const today = '2026-11-25';
const v = (ciudad: string, desde: string, hasta: string) => ({ ciudad, desde, hasta });
const firstError = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues[0] && { message: r.error.issues[0].message, path: r.error.issues[0].path.join('.') };

describe('touring schema (the rules without a clock)', () => {
  it('takes up to 3 visits to catalogue comunas, accents optional', () => {
    const list = [
      v('Valparaíso', today, today),
      v('nunoa', '2026-11-27', '2026-11-28'),
      v('Temuco', '2026-12-01', '2026-12-03'),
    ];
    expect(giraBodySchema.safeParse(list).success).toBe(true);
    expect(giraBodySchema.safeParse([]).success).toBe(true);
  });

  it.each([
    [
      'a fourth visit',
      [1, 3, 5, 7].map((d) => v('Temuco', `2026-12-0${d}`, `2026-12-0${d}`)),
      msg.giraMax,
      '',
    ],
    ['an unknown comuna', [v('Gotham', today, today)], msg.giraCity, '0.ciudad'],
    ['no comuna', [{ desde: today, hasta: today }], msg.giraCity, '0.ciudad'],
    ['a date that does not exist', [v('Temuco', '2026-02-29', '2026-03-01')], msg.giraDate, '0.desde'],
    ['a date in another format', [v('Temuco', '25-11-2026', today)], msg.giraDate, '0.desde'],
    ['an end before the start', [v('Temuco', '2026-11-28', '2026-11-27')], msg.giraOrder, '0.hasta'],
    [
      'visits sharing a day',
      [v('Temuco', today, '2026-11-28'), v('Arica', '2026-11-28', '2026-11-30')],
      msg.giraOverlap,
      '1.desde',
    ],
    [
      'one visit inside another',
      [v('Temuco', today, '2026-12-10'), v('Arica', '2026-12-01', '2026-12-02')],
      msg.giraOverlap,
      '1.desde',
    ],
  ])('refuses %s', (_name, list, message, path) => {
    expect(firstError(giraBodySchema.safeParse(list))).toEqual({ message, path });
  });

  it('takes back-to-back visits', () => {
    expect(
      giraBodySchema.safeParse([v('Temuco', today, '2026-11-27'), v('Arica', '2026-11-28', '2026-11-30')])
        .success,
    ).toBe(true);
  });
});

describe('touring rules against today and her comuna', () => {
  it('allows today, refuses the past and past 90 days', () => {
    expect(giraProblems([v('Temuco', today, addDays(today, 90))], { today })).toEqual([]);
    expect(giraProblems([v('Temuco', '2026-11-24', today)], { today })).toEqual([
      { path: '0.desde', message: msg.giraPast },
    ]);
    expect(giraProblems([v('Temuco', today, addDays(today, 91))], { today })).toEqual([
      { path: '0.hasta', message: msg.giraTooFar },
    ]);
  });

  it('refuses her own comuna, however it is spelled', () => {
    expect(giraProblems([v('nunoa', today, today)], { today, ownCiudad: 'Ñuñoa' })).toEqual([
      { path: '0.ciudad', message: msg.giraOwnCity },
    ]);
  });

  it('lets a started visit be saved again, not a new one in the past', () => {
    const stored = [{ ciudad: 'Temuco', desde: '2026-11-20' }];
    expect(giraProblems([v('temuco', '2026-11-20', '2026-11-30')], { today, stored })).toEqual([]);
    expect(giraProblems([v('Arica', '2026-11-20', '2026-11-30')], { today, stored })).toHaveLength(1);
    expect(giraProblems([v('Temuco', '2026-11-20', '2026-11-24')], { today, stored })).toEqual([
      { path: '0.hasta', message: msg.giraPast },
    ]);
  });

  it('gives a form the same rules in one schema', () => {
    const r = giraSchemaOn({ today }).safeParse([v('Temuco', today, '2027-06-01')]);
    expect(firstError(r)).toEqual({ message: msg.giraTooFar, path: '0.hasta' });
  });
});

describe('visit dates in words', () => {
  it.each([
    ['2026-12-03', '2026-12-07', 'del 3 al 7 de diciembre'],
    ['2026-11-28', '2026-12-02', 'del 28 de noviembre al 2 de diciembre'],
    ['2026-12-03', '2026-12-03', 'el 3 de diciembre'],
    ['2026-12-30', '2027-01-02', 'del 30 de diciembre de 2026 al 2 de enero de 2027'],
  ])('%s to %s', (desde, hasta, words) => {
    expect(visitRange(desde, hasta)).toBe(words);
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-11-25', 90)).toBe('2027-02-23');
  });
});
