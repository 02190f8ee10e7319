import { describe, expect, it } from 'vitest';
import { msg } from '../src/messages.ts';
import { escortUpdateSchema } from '../src/profiles.ts';
import {
  detailsFromRow,
  formatClp,
  servicioLabels,
  servicioValues,
  tarifaText,
} from '../src/profile-details.ts';
import { escortSearchQuerySchema } from '../src/search.ts';
import { filterParams, filtersFromQuery } from '../src/search-params.ts';

const base = {
  rut_usuario: '11.111.111-1',
  apellido: 'Valentina',
  fono: '912345678',
  url: '/assets/avatars/femenino.svg',
  medidas: '',
  legenda: '',
};
const issues = (input: object) => {
  const r = escortUpdateSchema.safeParse({ ...base, ...input });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('profile details in escortUpdateSchema', () => {
  it('every detail is optional, and null or empty is accepted (clearing)', () => {
    expect(escortUpdateSchema.safeParse(base).success).toBe(true);
    expect(
      issues({ tarifa_desde: null, servicios: null, atiende: null, horario: null, idiomas: null }),
    ).toEqual({});
    expect(issues({ servicios: [], atiende: '', horario: '', idiomas: [] })).toEqual({});
  });

  it('takes good values; horario is trimmed', () => {
    const r = escortUpdateSchema.parse({
      ...base,
      tarifa_desde: 10_000,
      servicios: ['masajes', 'viajes'],
      atiende: 'en_su_lugar',
      horario: '  Noches  ',
      idiomas: ['espanol'],
    });
    expect(r.horario).toBe('Noches');
    expect(issues({ tarifa_desde: 2_000_000 })).toEqual({});
  });

  it('refuses bad values with one Spanish message keyed by the field', () => {
    expect(issues({ tarifa_desde: 9_999 })).toEqual({ tarifa_desde: msg.tarifaDesde });
    expect(issues({ tarifa_desde: 2_000_001 })).toEqual({ tarifa_desde: msg.tarifaDesde });
    expect(issues({ tarifa_desde: 15_000.5 })).toEqual({ tarifa_desde: msg.tarifaDesde });
    expect(issues({ tarifa_desde: Number.NaN })).toEqual({ tarifa_desde: msg.tarifaDesde });
    expect(issues({ servicios: ['masajes', 'x'] })).toEqual({ servicios: msg.servicios });
    expect(issues({ servicios: ['masajes', 'masajes'] })).toEqual({ servicios: msg.servicios });
    expect(issues({ atiende: 'hotel' })).toEqual({ atiende: msg.atiende });
    expect(issues({ horario: 'x'.repeat(201) })).toEqual({ horario: msg.horario });
    expect(issues({ horario: 'a\u0007b' })).toEqual({ horario: msg.horario });
    expect(issues({ horario: 'Lunes\nMartes' })).toEqual({});
    expect(issues({ idiomas: ['latin'] })).toEqual({ idiomas: msg.idiomas });
  });
});

describe('catalogues and formatting', () => {
  it('labels every service and formats pesos the Chilean way', () => {
    expect(servicioValues.every((s) => servicioLabels[s].length > 0)).toBe(true);
    expect(formatClp(80_000)).toBe('$80.000');
    expect(formatClp(1_250_000)).toBe('$1.250.000');
    expect(tarifaText(80_000)).toBe('Desde $80.000');
    expect(tarifaText(null)).toBeNull();
  });

  it('detailsFromRow keeps catalogue order and drops codes no longer in a catalogue', () => {
    expect(
      detailsFromRow({
        tarifaDesde: 50_000,
        servicios: ['viajes', 'retirado', 'masajes'],
        atiende: 'hotel',
        horario: null,
        idiomas: ['ingles', 'espanol'],
      }),
    ).toEqual({
      tarifa_desde: 50_000,
      servicios: ['masajes', 'viajes'],
      atiende: null,
      horario: null,
      idiomas: ['espanol', 'ingles'],
    });
  });
});

describe('search filters', () => {
  it('the API schema takes one or several servicio, tarifa_max and atiende', () => {
    const one = escortSearchQuerySchema.parse({
      servicio: 'viajes',
      tarifa_max: '80000',
      atiende: 'a_domicilio',
    });
    expect(one).toMatchObject({ servicio: ['viajes'], tarifa_max: 80_000, atiende: 'a_domicilio' });
    expect(escortSearchQuerySchema.parse({ servicio: ['viajes', 'masajes'] }).servicio).toEqual([
      'masajes',
      'viajes',
    ]);
    expect(escortSearchQuerySchema.safeParse({ servicio: ['viajes', 'nada'] }).success).toBe(false);
    expect(escortSearchQuerySchema.safeParse({ tarifa_max: '5000' }).success).toBe(false);
    expect(escortSearchQuerySchema.safeParse({ atiende: 'ambos' }).success).toBe(false);
  });

  it('the listing URL keeps them, leniently, in one fixed order', () => {
    const f = filtersFromQuery(
      new URLSearchParams(
        'servicio=viajes&servicio=nada&servicio=masajes&tarifa_max=100000&atiende=en_su_lugar',
      ),
    );
    expect(f).toMatchObject({ servicio: ['masajes', 'viajes'], tarifa_max: 100_000, atiende: 'en_su_lugar' });
    expect(filterParams(f)).toEqual([
      ['tarifa_max', '100000'],
      ['servicio', 'masajes'],
      ['servicio', 'viajes'],
      ['atiende', 'en_su_lugar'],
    ]);
    const bad = filtersFromQuery(new URLSearchParams('tarifa_max=5&atiende=ambos&servicio=nada'));
    expect([bad.tarifa_max, bad.atiende, bad.servicio]).toEqual([undefined, undefined, undefined]);
  });
});
