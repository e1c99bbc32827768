import { describe, expect, it } from 'vitest';
import {
  billingMonths,
  billingQuery,
  billingYears,
  brusselsToday,
  creationYear,
  defaultBillingMonth,
  defaultBillingYear,
  monthAfterYearChange,
  type Today,
} from './billing-period';

const january2025: Today = { year: 2025, monthIndex: 0 };
const december2024: Today = { year: 2024, monthIndex: 11 };
const march2025: Today = { year: 2025, monthIndex: 2 };

describe('billing period picker', () => {
  it('reads today in Brussels, where the year turns an hour before UTC does', () => {
    expect(brusselsToday(new Date('2024-12-31T22:59:59Z'))).toEqual({ year: 2024, monthIndex: 11 });
    expect(brusselsToday(new Date('2024-12-31T23:00:00Z'))).toEqual({ year: 2025, monthIndex: 0 });
    expect(brusselsToday(new Date('2024-06-30T22:00:00Z'))).toEqual({ year: 2024, monthIndex: 6 });
  });

  it('takes the creation year in Brussels time too', () => {
    expect(creationYear('2018-12-31T23:30:00Z')).toBe(2019);
    expect(creationYear('2018-12-31T22:30:00Z')).toBe(2018);
  });

  it('lists the years from the creation year to the current year', () => {
    expect(billingYears(2019, january2025)).toEqual([2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    expect(billingYears(2025, january2025)).toEqual([2025]);
    expect(billingYears(2026, january2025)).toEqual([2025]);
  });

  it('selects the previous year by default, or the creation year when that is later', () => {
    expect(defaultBillingYear(2019, january2025)).toBe(2024);
    expect(defaultBillingYear(2019, december2024)).toBe(2023);
    expect(defaultBillingYear(2025, january2025)).toBe(2025);
  });

  it('offers all 12 months in past years and January to the current month in the current year', () => {
    expect(billingMonths(2024, january2025)).toHaveLength(12);
    expect(billingMonths(2025, january2025)).toEqual([0]);
    expect(billingMonths(2025, march2025)).toEqual([0, 1, 2]);
    expect(billingMonths(2024, december2024)).toHaveLength(12);
    expect(billingMonths(2023, december2024)).toHaveLength(12);
  });

  it('selects the current month by default', () => {
    expect(defaultBillingMonth(january2025)).toBe(0);
    expect(defaultBillingMonth(december2024)).toBe(11);
  });

  it('keeps the chosen month when the year changes, unless the new year does not offer it: then January', () => {
    // On 31 December every month stays available in the current year.
    expect(monthAfterYearChange(11, 2024, december2024)).toBe(11);
    // In January, December of last year becomes January of this year.
    expect(monthAfterYearChange(11, 2025, january2025)).toBe(0);
    expect(monthAfterYearChange(0, 2025, january2025)).toBe(0);
    // In March, February stays, April resets.
    expect(monthAfterYearChange(1, 2025, march2025)).toBe(1);
    expect(monthAfterYearChange(3, 2025, march2025)).toBe(0);
    // Going back to a past year keeps any month.
    expect(monthAfterYearChange(2, 2024, march2025)).toBe(2);
  });

  it('sends the month as its index plus 1', () => {
    expect(billingQuery(2024, 0)).toEqual({ year: 2024, month: 1 });
    expect(billingQuery(2024, 11)).toEqual({ year: 2024, month: 12 });
  });
});
