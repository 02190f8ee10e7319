/**
 * Meeting times are chosen and shown in Chile's time (America/Santiago, with
 * its summer and winter offsets), whatever the device's zone, and travel as
 * ISO 8601 with the offset that applied at that moment.
 *
 * The one home of date formatting: every date or time the site shows is written
 * by a function here, the same on the server and in the browser. ESLint refuses
 * Intl.DateTimeFormat, toLocaleDateString and toLocaleTimeString elsewhere
 * (eslint.config.js, "one date formatter").
 */
const TZ = 'America/Santiago';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Chile's wall clock at an instant, as numbers. */
function wall(ms: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    min: Number(p.minute),
    s: Number(p.second),
  };
}

/** Minutes Chile is ahead of UTC at an instant (negative: -180 in summer, -240 in winter). */
function offsetMinutes(ms: number): number {
  const w = wall(ms);
  return Math.round((Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
const offsetText = (min: number) => `${min < 0 ? '-' : '+'}${pad(Math.trunc(min / 60))}:${pad(min % 60)}`;

/** '2026-03-14' + '21:30' in Chile → '2026-03-14T21:30:00-03:00'; null when either part is malformed. */
export function chileLocalToIso(date: string, time: string): string | null {
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dm || !tm) return null;
  const asUtc = Date.UTC(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), Number(tm[1]), Number(tm[2]));
  // The offset at the guessed instant, then again at the corrected one (a change of offset may lie between).
  let offset = offsetMinutes(asUtc - offsetMinutes(asUtc) * 60_000);
  offset = offsetMinutes(asUtc - offset * 60_000);
  return `${date}T${time}:00${offsetText(offset)}`;
}

/** An instant as Chile's date and time, for a form's inputs ('2026-03-14', '21:30'). */
export function chileDateTime(iso: string | Date): { date: string; time: string } {
  const w = wall(new Date(iso).getTime());
  return { date: `${w.y}-${pad(w.m)}-${pad(w.d)}`, time: `${pad(w.h)}:${pad(w.min)}` };
}

/**
 * Built once: creating an Intl.DateTimeFormat costs far more than formatting (it was 8% of a listing's CPU).
 * en-CA writes yyyy-mm-dd.
 */
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TZ });

/**
 * The date in Chile at `now` as yyyy-mm-dd: ages, "one comment per day" and tour days follow Chilean
 * dates. `now` is required: the server passes its clock's time, a page the browser's.
 */
export function todayInChile(now: Date): string {
  return isoDay.format(now);
}

const longFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const timeFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shortFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'sábado 14 de marzo, 21:30' in Chile's time. */
export function formatMeetingTime(iso: string): string {
  const d = new Date(iso);
  return `${longFormat.format(d)}, ${timeFormat.format(d)}`;
}

/** '14 mar, 21:30' for lists and message timestamps. */
export function formatShortTime(iso: string): string {
  return shortFormat.format(new Date(iso)).replace('.', '');
}

/** '1 h', '1 h 30 min', '12 h'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const dayFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '3 de marzo de 2026 a las 14:05' in Chile's time, whatever the server's zone (mails). */
export function formatDateAtTime(at: Date | string): string {
  const d = new Date(at);
  return `${dayFormat.format(d)} a las ${timeFormat.format(d)}`;
}

const dateFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  day: '2-digit',
  month: 'long',
  year: 'numeric',
});

/** '05 de marzo de 2026': the day in Chile of an instant. */
export function formatDate(at: Date | string): string {
  return dateFormat.format(new Date(at));
}

/**
 * A calendar date ('2025-03-07', or the date part of a longer string) as an instant the formatters above
 * can take: noon UTC is the same day in Chile whatever its offset.
 */
const calendarDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);

/** '07 de marzo de 2025' for a calendar date. */
export function formatLongDate(isoDate: string): string {
  return dateFormat.format(calendarDay(isoDate));
}

const dayMonthFormat = new Intl.DateTimeFormat('es-CL', { timeZone: TZ, day: 'numeric', month: 'long' });

/** '3 de diciembre' for a calendar date; '3 de diciembre de 2026' with its year. */
export function formatDayMonth(isoDate: string, options: { year?: boolean } = {}): string {
  return (options.year ? dayFormat : dayMonthFormat).format(calendarDay(isoDate));
}

const numericDateFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** '12-04-1990' for a calendar date, the way a Chilean ID card prints it. */
export function formatNumericDate(isoDate: string): string {
  return numericDateFormat.format(calendarDay(isoDate));
}

const dateTimeFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // Chile reads the 24-hour clock ("22:30"); es-CL alone writes "10:30 p. m." (decision 0148).
  hourCycle: 'h23',
});

/** '05 mar 2026, 14:05': sessions, passkeys, admin lists. */
export function formatDateTime(at: Date | string): string {
  return dateTimeFormat.format(new Date(at));
}

const numericDateTimeFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
});

/** '05-03-2026, 14:05': the audit log's dense column. */
export function formatNumericDateTime(at: Date | string): string {
  return numericDateTimeFormat.format(new Date(at));
}

const clockFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: TZ,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '14:05': the hour in Chile, on the 24-hour clock (a deadline within the day). */
export function formatClockTime(at: Date | string): string {
  return clockFormat.format(new Date(at));
}
