import { limits } from './constants.ts';
import { todayInChile } from './chile-time.ts';

/** Whole years between a yyyy-mm-dd birth date and a yyyy-mm-dd day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = day.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** Latest selectable birth date: the day in Chile at `now` minus 18 years. */
export function latestAdultBirthDate(now: Date): string {
  const [y, m, d] = todayInChile(now).split('-');
  const year = String(Number(y) - limits.minimumAge).padStart(4, '0');
  // 29 February of a non-leap year becomes 28 February, never 1 March.
  const candidate = `${year}-${m}-${d}`;
  return Number.isNaN(Date.parse(candidate)) || new Date(candidate).getUTCDate() !== Number(d)
    ? `${year}-${m}-28`
    : candidate;
}
