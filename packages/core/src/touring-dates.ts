/** Touring dates without zod or geography, for the cards in a visitor's first view. */

/** 'yyyy-mm-dd' plus n calendar days (UTC arithmetic on a plain date: no zone shifts it). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const monthNames = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const parts = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m: monthNames[m - 1] ?? '', d };
};

/** 'del 3 al 7 de diciembre', 'del 28 de noviembre al 2 de diciembre', 'el 3 de diciembre' (es-CL, no zone). */
export function visitRange(desde: string, hasta: string): string {
  const a = parts(desde);
  const b = parts(hasta);
  if (desde === hasta) return `el ${a.d} de ${a.m}`;
  if (a.y !== b.y) return `del ${a.d} de ${a.m} de ${a.y} al ${b.d} de ${b.m} de ${b.y}`;
  if (a.m !== b.m) return `del ${a.d} de ${a.m} al ${b.d} de ${b.m}`;
  return `del ${a.d} al ${b.d} de ${b.m}`;
}
