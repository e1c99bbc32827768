import { describe, expect, it } from 'vitest';
import { forecastMonthHref, monthName, monthRange, shortMonthName } from './forecast';

describe('the renewal forecast', () => {
  it('names months in English, the axis with the year at its turn', () => {
    expect(monthName('2026-03')).toBe('March 2026');
    expect(monthName('2026-12-01')).toBe('December 2026');
    expect(shortMonthName('2026-09')).toBe('Sep');
    expect(shortMonthName('2027-01')).toBe('Jan 2027');
    expect(shortMonthName('2027-01', false)).toBe('Jan');
    expect(monthName('soon')).toBe('soon');
  });

  it('links a month to the search for its expiries: the current month from today on, the others whole', () => {
    expect(monthRange('2026-05', '2026-05-17')).toEqual({ expiresFrom: '2026-05-17', expiresTo: '2026-05-31' });
    expect(monthRange('2028-02', '2026-05-17')).toEqual({ expiresFrom: '2028-02-01', expiresTo: '2028-02-29' });
    expect(forecastMonthHref('2026-06', '2026-05-17')).toBe('/registrations/search?domainname=*&page=1&expiresFrom=2026-06-01&expiresTo=2026-06-30');
  });
});
