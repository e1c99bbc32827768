import { describe, expect, it } from 'vitest';
import { brusselsYearMonth, formatDateTime, formatFileTimestamp, formatRegistrationDate, formatRegistrationDay, parseDay } from './brussels-time';

// Every input below is an instant in UTC (or with an explicit offset): the expected Brussels times
// hold whatever the time zone of the machine running the tests is.

describe('formatDateTime (billing and general data)', () => {
  it('shows winter time as CET, one hour ahead of UTC', () => {
    expect(formatDateTime('2025-01-15T09:04:05Z')).toBe('2025/01/15 10:04:05 CET');
  });

  it('shows summer time as CEST, two hours ahead of UTC', () => {
    expect(formatDateTime('2025-07-15T09:04:05Z')).toBe('2025/07/15 11:04:05 CEST');
  });

  it('jumps from 01:59:59 CET to 03:00:00 CEST on the last Sunday of March', () => {
    expect(formatDateTime('2025-03-30T00:59:59Z')).toBe('2025/03/30 01:59:59 CET');
    expect(formatDateTime('2025-03-30T01:00:00Z')).toBe('2025/03/30 03:00:00 CEST');
  });

  it('goes back from 02:59:59 CEST to 02:00:00 CET on the last Sunday of October', () => {
    expect(formatDateTime('2025-10-26T00:59:59Z')).toBe('2025/10/26 02:59:59 CEST');
    expect(formatDateTime('2025-10-26T01:00:00Z')).toBe('2025/10/26 02:00:00 CET');
  });

  it('follows the rule in other years too (last Sunday of March 2024 was the 31st)', () => {
    expect(formatDateTime('2024-03-31T00:30:00Z')).toBe('2024/03/31 01:30:00 CET');
    expect(formatDateTime('2024-03-31T01:30:00Z')).toBe('2024/03/31 03:30:00 CEST');
  });

  it('moves to the next Brussels day, month and year at midnight although UTC is still on the day before', () => {
    expect(formatDateTime('2024-12-31T22:59:59Z')).toBe('2024/12/31 23:59:59 CET');
    expect(formatDateTime('2024-12-31T23:00:00Z')).toBe('2025/01/01 00:00:00 CET');
    expect(formatDateTime('2025-06-30T22:00:00Z')).toBe('2025/07/01 00:00:00 CEST');
  });

  it("agrees with Intl's own Brussels clock at every instant of a 6-year walk, the seconds included (the offset is cached per UTC hour)", () => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' });
    // 'dd/MM/yyyy, HH:mm:ss' in en-GB, rearranged as the portal writes it.
    const reference = (at: Date) => intl.format(at).replace(/^(\d{2})\/(\d{2})\/(\d{4}), /, '$3/$2/$1 ');
    let checked = 0;
    // A step of 47 minutes 13 seconds lands on every minute of the hour and every hour of the day over the years.
    for (let ms = Date.UTC(2021, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 2_833_000) {
      const at = new Date(ms);
      expect(formatDateTime(at).slice(0, 19)).toBe(reference(at));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(66_000);
  });

  it('accepts an offset timestamp and a Date', () => {
    expect(formatDateTime('2025-05-01T12:00:00+02:00')).toBe('2025/05/01 12:00:00 CEST');
    expect(formatDateTime(new Date(Date.UTC(2025, 1, 3, 4, 5, 6)))).toBe('2025/02/03 05:05:06 CET');
  });

  it('formats the time of an EPP change mail, past midnight on the next Brussels day in summer', () => {
    expect(formatDateTime(new Date('2026-01-15T08:05:09Z'))).toBe('2026/01/15 09:05:09 CET');
    expect(formatDateTime(new Date('2026-07-01T22:30:00Z'))).toBe('2026/07/02 00:30:00 CEST');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatRegistrationDate (full format)', () => {
  it('writes the day without a leading zero, the abbreviated month, hours and minutes and the zone', () => {
    expect(formatRegistrationDate('2025-03-05T13:05:59Z')).toBe('5 Mar 2025 14:05 CET');
    expect(formatRegistrationDate('2025-09-21T08:30:00Z')).toBe('21 Sep 2025 10:30 CEST');
  });

  it('labels both sides of the March change', () => {
    expect(formatRegistrationDate('2025-03-30T00:59:00Z')).toBe('30 Mar 2025 01:59 CET');
    expect(formatRegistrationDate('2025-03-30T01:00:00Z')).toBe('30 Mar 2025 03:00 CEST');
  });

  it('labels both sides of the October change, where 02:xx happens twice', () => {
    expect(formatRegistrationDate('2025-10-26T00:30:00Z')).toBe('26 Oct 2025 02:30 CEST');
    expect(formatRegistrationDate('2025-10-26T01:30:00Z')).toBe('26 Oct 2025 02:30 CET');
  });

  it('shows midnight as 00:00 on the new Brussels day', () => {
    expect(formatRegistrationDate('2025-01-31T23:00:00Z')).toBe('1 Feb 2025 00:00 CET');
    expect(formatRegistrationDate('2025-08-31T22:00:00Z')).toBe('1 Sep 2025 00:00 CEST');
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatRegistrationDate(null)).toBe('');
    expect(formatRegistrationDate('2025-13-45')).toBe('');
  });
});

describe('formatFileTimestamp (file names)', () => {
  it('writes Brussels wall-clock time without separators or zone', () => {
    expect(formatFileTimestamp(new Date('2025-01-15T09:04:05Z'))).toBe('20250115-100405');
    expect(formatFileTimestamp(new Date('2025-07-15T09:04:05Z'))).toBe('20250715-110405');
  });

  it('moves to the next Brussels day at midnight', () => {
    expect(formatFileTimestamp(new Date('2024-12-31T23:00:00Z'))).toBe('20250101-000000');
  });
});

describe('brusselsYearMonth', () => {
  it('turns to the new year and month at Brussels midnight', () => {
    expect(brusselsYearMonth(new Date('2024-12-31T22:59:59Z'))).toEqual({ year: 2024, month: 12 });
    expect(brusselsYearMonth(new Date('2024-12-31T23:00:00Z'))).toEqual({ year: 2025, month: 1 });
    expect(brusselsYearMonth(new Date('2024-06-30T22:00:00Z'))).toEqual({ year: 2024, month: 7 });
  });
});

describe('formatRegistrationDay (the short registration format)', () => {
  it("is the day in Brussels without a leading zero, its month abbreviated: late on New Year's Eve in UTC is already the next year", () => {
    expect(formatRegistrationDay('2025-03-05T10:00:00Z')).toBe('5 Mar 2025');
    expect(formatRegistrationDay('2025-12-31T23:30:00Z')).toBe('1 Jan 2026');
    expect(formatRegistrationDay(null)).toBe('');
  });
});

describe('parseDay (a day typed in the portal style)', () => {
  it("takes 'YYYY/MM/DD' and a pasted 'YYYY-MM-DD' as the calendar day, and gives anything else back as typed", () => {
    expect(parseDay('2026/05/01')).toBe('2026-05-01');
    expect(parseDay(' 2026-05-01 ')).toBe('2026-05-01');
    expect(parseDay('05/01/2026')).toBe('05/01/2026');
    expect(parseDay('2026/5/1')).toBe('2026/5/1');
  });
});
