/**
 * Profile details an escort may state (decision 0103): a starting rate, services, where she receives,
 * hours and languages. Catalogues and their Spanish labels, without zod, so the listing's filter
 * bar (in the visitor's bundle) and the card share them; the schemas are in profiles.ts and search.ts.
 */

/** Services, phrased as a companionship directory names them; the code is what URLs and the API carry. */
export const servicioValues = [
  'cena_evento',
  'acompanamiento',
  'masajes',
  'pernoctar',
  'fin_de_semana',
  'viajes',
  'despedidas',
  'parejas',
  'baile_privado',
  'trato_de_pareja',
  'juego_de_roles',
  'videollamada',
] as const;
export type Servicio = (typeof servicioValues)[number];

export const servicioLabels: Record<Servicio, string> = {
  cena_evento: 'Cena o evento',
  acompanamiento: 'Acompañamiento social',
  masajes: 'Masajes',
  pernoctar: 'Pernoctar',
  fin_de_semana: 'Fin de semana',
  viajes: 'Viajes',
  despedidas: 'Despedidas',
  parejas: 'Parejas',
  baile_privado: 'Baile privado',
  trato_de_pareja: 'Trato de pareja',
  juego_de_roles: 'Juego de roles',
  videollamada: 'Videollamada',
};

export const atiendeValues = ['en_su_lugar', 'a_domicilio', 'ambos'] as const;
export type Atiende = (typeof atiendeValues)[number];

export const atiendeLabels: Record<Atiende, string> = {
  en_su_lugar: 'En su lugar',
  a_domicilio: 'A domicilio',
  ambos: 'Ambos',
};

/** What a client filters on: "ambos" is not asked for, it matches either. */
export const atiendeFilterValues = ['en_su_lugar', 'a_domicilio'] as const;
export type AtiendeFilter = (typeof atiendeFilterValues)[number];

export const idiomaValues = [
  'espanol',
  'ingles',
  'portugues',
  'frances',
  'italiano',
  'aleman',
  'chino',
  'ruso',
] as const;
export type Idioma = (typeof idiomaValues)[number];

export const idiomaLabels: Record<Idioma, string> = {
  espanol: 'Español',
  ingles: 'Inglés',
  portugues: 'Portugués',
  frances: 'Francés',
  italiano: 'Italiano',
  aleman: 'Alemán',
  chino: 'Chino',
  ruso: 'Ruso',
};

export const detailLimits = { tarifaMin: 10_000, tarifaMax: 2_000_000, horarioMax: 200 } as const;

export const isServicio = (v: string): v is Servicio => (servicioValues as readonly string[]).includes(v);
export const isIdioma = (v: string): v is Idioma => (idiomaValues as readonly string[]).includes(v);
export const isAtiende = (v: string): v is Atiende => (atiendeValues as readonly string[]).includes(v);

/** Pesos as Chileans write them: 80000 -> '$80.000'. */
export function formatClp(n: number): string {
  return `$${Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** "Desde $80.000" for the card and listing; null when no rate is stated. */
export const tarifaText = (tarifa: number | null | undefined) =>
  tarifa === null || tarifa === undefined ? null : `Desde ${formatClp(tarifa)}`;

/** The stored details as the API answers them; empty lists and null when not stated. */
export interface ProfileDetails {
  tarifa_desde: number | null;
  servicios: Servicio[];
  atiende: Atiende | null;
  horario: string | null;
  idiomas: Idioma[];
}

/** Catalogue order, whatever order they were ticked in, so the card and export read the same each time. */
export const inCatalogueOrder = <T extends string>(values: readonly string[], catalogue: readonly T[]): T[] =>
  catalogue.filter((v) => values.includes(v));

/** The stored columns (escort_profiles) as the API answers them; unknown codes (a catalogue shrank) are left out. */
export function detailsFromRow(row: {
  tarifaDesde: number | null;
  servicios: string[];
  atiende: string | null;
  horario: string | null;
  idiomas: string[];
}): ProfileDetails {
  return {
    tarifa_desde: row.tarifaDesde,
    servicios: inCatalogueOrder(row.servicios, servicioValues),
    atiende: row.atiende !== null && isAtiende(row.atiende) ? row.atiende : null,
    horario: row.horario,
    idiomas: inCatalogueOrder(row.idiomas, idiomaValues),
  };
}
