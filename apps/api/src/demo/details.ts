import {
  atiendeValues,
  idiomaValues,
  inCatalogueOrder,
  servicioValues,
  type Atiende,
  type Idioma,
  type Servicio,
} from '@encanto/core/profile-details';
import { createRandom } from './random.ts';

export interface DemoDetails {
  tarifaDesde: number | null;
  servicios: Servicio[];
  atiende: Atiende | null;
  horario: string | null;
  idiomas: Idioma[];
}

const horarios = [
  'Lunes a viernes, de 18:00 a 02:00',
  'Todos los días, de 12:00 a 22:00',
  'Fines de semana, con reserva previa',
  'Martes a sábado, desde las 20:00',
  'Con un día de anticipación',
];

/**
 * Profile details for a demo escort (decision 0103): about three in four state some, so the card and
 * the filters have something to show. Seeded by nickname, apart from the plan's own random
 * sequence, so the rest of the demo stays as it was.
 */
export function demoDetails(nickname: string): DemoDetails {
  const r = createRandom(`details:${nickname}`);
  if (r.chance(0.25)) return { tarifaDesde: null, servicios: [], atiende: null, horario: null, idiomas: [] };
  const servicios = servicioValues.filter(() => r.chance(0.35));
  const extra = idiomaValues.slice(1).filter(() => r.chance(0.2));
  return {
    tarifaDesde: r.int(5, 40) * 10_000,
    servicios: inCatalogueOrder(servicios.length ? servicios : ['cena_evento'], servicioValues),
    atiende: r.pick(atiendeValues),
    horario: r.chance(0.7) ? r.pick(horarios) : null,
    idiomas: ['espanol', ...extra],
  };
}
