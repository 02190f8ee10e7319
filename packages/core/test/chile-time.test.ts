import { describe, expect, it } from 'vitest';
import {
  formatDateAtTime,
  formatDayMonth,
  formatLongDate,
  formatNumericDate,
  todayInChile,
  formatClockTime,
  formatDateTime,
  formatNumericDateTime,
} from '../src/chile-time.ts';

// The texts pinned here: tests elsewhere (mails, pages) compare with what these functions write.
describe("dates in Chile's words", () => {
  it("an instant in Chile's time, in summer (UTC-3) and winter (UTC-4)", () => {
    expect(formatDateAtTime('2026-03-03T17:05:00Z')).toBe('3 de marzo de 2026 a las 14:05');
    expect(formatDateAtTime(new Date('2026-07-03T17:05:00Z'))).toBe('3 de julio de 2026 a las 13:05');
    // Past midnight UTC, still the evening before in Chile.
    expect(todayInChile(new Date('2026-07-04T02:00:00Z'))).toBe('2026-07-03');
  });

  it('a calendar date, whatever the zone of the machine', () => {
    expect(formatLongDate('2025-03-07')).toBe('07 de marzo de 2025');
    expect(formatDayMonth('2026-12-03')).toBe('3 de diciembre');
    expect(formatDayMonth('2026-09-28', { year: true })).toBe('28 de septiembre de 2026');
    expect(formatNumericDate('1990-04-12')).toBe('12-04-1990');
    expect(formatNumericDate('2009-01-01')).toBe('01-01-2009');
  });

  it('times on the 24-hour clock, never "p. m." (decision 0148)', () => {
    const evening = '2026-03-06T01:30:00Z'; // 22:30 on the 5th in Chile (UTC-3)
    expect(formatClockTime(evening)).toBe('22:30');
    expect(formatDateTime(evening)).toBe('05 mar 2026, 22:30');
    expect(formatNumericDateTime(evening)).toBe('05-03-2026, 22:30');
    for (const text of [formatClockTime(evening), formatDateTime(evening), formatNumericDateTime(evening)])
      expect(text).not.toMatch(/[ap]\.\s?m\./);
  });
});
