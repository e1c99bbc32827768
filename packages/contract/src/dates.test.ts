import { describe, expect, it } from 'vitest';
import { calendarDateField, instantField, isBoundedInstant, isCalendarDate } from './dates';

describe('the one date and the one instant rule', () => {
  it('takes days from 0001-01-01 to 9999-12-31 that exist', () => {
    for (const day of ['0001-01-01', '0099-12-31', '2024-02-29', '9999-12-31']) expect(isCalendarDate(day), day).toBe(true);
    for (const day of ['0000-01-01', '0000-02-29', '10000-01-01', '2026-02-30', '2023-02-29', '2026-13-01', '2026-1-1', ' 2026-01-01'])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it('takes instants whose moment in UTC falls within those days', () => {
    expect(isBoundedInstant('0001-01-01T00:00:00Z')).toBe(true);
    expect(isBoundedInstant('9999-12-31T23:59:59.999Z')).toBe(true);
    expect(isBoundedInstant('0000-12-31T23:59:59Z')).toBe(false);
    expect(isBoundedInstant('0001-01-01T00:30:00+01:00')).toBe(false);
    expect(isBoundedInstant('9999-12-31T23:30:00-01:00')).toBe(false);
  });

  it('refuses with the message key it is given', () => {
    const day = calendarDateField('validation.historyDate').safeParse('0000-01-01');
    expect(day.error?.issues.map((issue) => issue.message)).toEqual(['validation.historyDate']);
    const instant = instantField('error.badRequest').safeParse('0000-01-01T00:00:00Z');
    expect(instant.error?.issues.map((issue) => issue.message)).toEqual(['error.badRequest']);
    expect(instantField('error.badRequest').safeParse('2026-11-27T05:00:00+01:00').success).toBe(true);
  });
});

describe('a field built on them', () => {
  it('refuses a text that is no day once, without its own rules adding the same message again', () => {
    const field = calendarDateField('validation.accessEnd').refine((day) => day >= '2026-01-01', { error: 'validation.accessEnd' });
    for (const value of ['2025-02-30', '0000-01-01', 'today'])
      expect(
        field.safeParse(value).error?.issues.map((issue) => issue.message),
        value,
      ).toEqual(['validation.accessEnd']);
  });
});
