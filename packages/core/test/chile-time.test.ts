import { describe, expect, it } from 'vitest';
import {
  formatDateAtTime,
  formatDayMonth,
  formatLongDate,
  formatNumericDate,
  todayInChile,
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
});
