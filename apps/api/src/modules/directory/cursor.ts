import { msg } from '@encanto/core/messages';
import { badRequest } from '../../errors.ts';
import { sortKeyTypes, type SortKey, type SortKeyType, type SortName } from './search-queries.ts';

/**
 * The search's page cursors: base64url of [direction, order, ...sort key], the key being the
 * row's sort columns as PostgreSQL writes them as text. A cursor comes back from the visitor, so
 * anyone can forge one; the query casts each part to its column's type, and a value the cast
 * refuses (an int4 out of range, 2024-13-45) would be a 500. Each part is therefore checked
 * against its column's type first, and anything else is the Spanish cursor 400.
 */
export type Direction = 'after' | 'before';

export interface CursorPosition {
  key: SortKey;
  direction: Direction;
}

export function encodeCursor(direction: Direction, orden: SortName, key: SortKey): string {
  return Buffer.from(JSON.stringify([direction === 'after' ? 's' : 'a', orden, ...key])).toString(
    'base64url',
  );
}

const refused = () => badRequest(msg.searchCursor, { cursor: msg.searchCursor });

/** Where the cursor's page starts, or a 400 when it is not one this API wrote for `orden`. */
export function decodeCursor(cursor: string, orden: SortName): CursorPosition {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const types = sortKeyTypes(orden);
  if (!Array.isArray(parts) || parts.length !== 2 + types.length) throw refused();
  const [dir, name, ...key] = parts as unknown[];
  // The order inside refuses a cursor taken from another sort (its key has other columns).
  if ((dir !== 's' && dir !== 'a') || name !== orden) throw refused();
  if (!key.every((part, i) => typeof part === 'string' && keyPart[types[i]!](part))) throw refused();
  return { direction: dir === 's' ? 'after' : 'before', key: key as string[] };
}

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;
/** PostgreSQL refuses a numeric offset of 16 hours or more. */
const MAX_OFFSET_HOURS = 15;

/** Each sort column's text as PostgreSQL writes it, and only values its cast accepts back. */
const keyPart: Record<SortKeyType, (p: string) => boolean> = {
  boolean: (p) => p === 'true' || p === 'false',
  // Decimal digits only (no exponent, sign '+', spaces or other scripts' digits), within int4.
  integer: (p) => /^-?\d{1,10}$/.test(p) && Number(p) >= INT4_MIN && Number(p) <= INT4_MAX,
  uuid: (p) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(p),
  timestamptz: validTimestamp,
};

/**
 * `timestamptz::text`: 'YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM[:SS]]', a real calendar day of the
 * years 1 to 9999 (proleptic Gregorian, as PostgreSQL counts) and an offset PostgreSQL accepts.
 */
function validTimestamp(p: string): boolean {
  const m =
    /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?[+-](\d\d)(?::(\d\d)(?::(\d\d))?)?$/.exec(p);
  if (!m) return false;
  // Absent offset minutes or seconds are 0.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offH = 0, offM = 0, offS = 0] = m
    .slice(1)
    .map((g) => Number(g ?? 0));
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offH <= MAX_OFFSET_HOURS &&
    offM <= 59 &&
    offS <= 59
  );
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
