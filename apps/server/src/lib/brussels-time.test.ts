import { describe, expect, it } from 'vitest';
import { brusselsMonthStart, brusselsOffsetMinutes, isoInBrussels } from './brussels-time';

describe('Brussels time', () => {
  it('knows winter and summer time, switching on the last Sundays of March and October at 01:00 UTC', () => {
    expect(brusselsOffsetMinutes(new Date('2024-03-31T00:59:59Z'))).toBe(60);
    expect(brusselsOffsetMinutes(new Date('2024-03-31T01:00:00Z'))).toBe(120);
    expect(brusselsOffsetMinutes(new Date('2024-10-27T00:59:59Z'))).toBe(120);
    expect(brusselsOffsetMinutes(new Date('2024-10-27T01:00:00Z'))).toBe(60);
  });

  it('writes ISO 8601 local time with the offset', () => {
    expect(isoInBrussels(new Date('2024-01-31T23:30:00Z'))).toBe('2024-02-01T00:30:00+01:00');
    expect(isoInBrussels(new Date('2024-07-01T10:00:05.999Z'))).toBe('2024-07-01T12:00:05+02:00');
  });

  it('starts months at local midnight, across the year boundary and in summer time', () => {
    expect(brusselsMonthStart(2024, 1).toISOString()).toBe('2023-12-31T23:00:00.000Z');
    expect(brusselsMonthStart(2024, 7).toISOString()).toBe('2024-06-30T22:00:00.000Z');
    expect(brusselsMonthStart(2024, 13).toISOString()).toBe('2024-12-31T23:00:00.000Z');
  });
});
