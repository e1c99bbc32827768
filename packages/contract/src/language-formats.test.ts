import { describe, expect, it } from 'vitest';
import { formatRegistrationDate, formatRegistrationDay } from './brussels-time';
import { formatNumber, monthAbbreviations, monthNames } from './language-formats';
import { languages } from './languages';

describe('registration dates in each language', () => {
  it("write the language's month, the time and the zone as English does", () => {
    const at = '2025-03-05T13:05:59Z';
    expect(formatRegistrationDate(at)).toBe('5 Mar 2025 14:05 CET');
    expect(formatRegistrationDate(at, 'nl')).toBe('5 mrt 2025 14:05 CET');
    expect(formatRegistrationDate(at, 'fr')).toBe('5 mars 2025 14:05 CET');
    expect(formatRegistrationDate(at, 'de')).toBe('5. März 2025 14:05 CET');
    expect(formatRegistrationDay('2025-09-21T08:30:00Z', 'fr')).toBe('21 sept. 2025');
    expect(formatRegistrationDay('2025-12-01T08:30:00Z', 'de')).toBe('1. Dez. 2025');
  });

  it('has twelve different months in every language', () => {
    for (const language of languages) {
      expect(new Set(monthAbbreviations[language]).size, language).toBe(12);
      expect(new Set(monthNames[language]).size, language).toBe(12);
    }
  });
});

describe('formatNumber', () => {
  it("groups thousands with each language's separator", () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'nl')).toBe('1.234.567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'fr')).toBe('1\u202f234\u202f567');
  });

  it('leaves small numbers alone and writes the decimal mark and sign', () => {
    expect(formatNumber(0, 'fr')).toBe('0');
    expect(formatNumber(999, 'de')).toBe('999');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(-1234.5, 'nl')).toBe('-1.234,5');
    expect(formatNumber(12.25, 'en')).toBe('12.25');
  });

  it('writes English counts as the portal did with toLocaleString', () => {
    for (const value of [0, 7, 999, 1000, 25_000, 1_000_000]) expect(formatNumber(value, 'en')).toBe(value.toLocaleString('en'));
  });
});
