import { describe, expect, it } from 'vitest';
import { protectedTransactionsLevel, usedPercent } from './protected-transactions';

const counter = (transactionsInPeriod: number, threshold: number, isThresholdReached = transactionsInPeriod >= threshold && threshold > 0) => ({
  transactionsInPeriod,
  threshold,
  isThresholdReached,
  endDate: '2026-07-01T00:00:00Z',
});

describe('the protected transactions warning', () => {
  it('warns from 80 % of the threshold, not at 79 %', () => {
    expect(protectedTransactionsLevel(counter(79, 100))).toBe('ok');
    expect(protectedTransactionsLevel(counter(80, 100))).toBe('warning');
    expect(protectedTransactionsLevel(counter(99, 100))).toBe('warning');
    expect(usedPercent(counter(79, 100))).toBe(79);
  });

  it('counts in whole percents: 28 of 35 is 80 %, 27 of 35 is not', () => {
    expect(protectedTransactionsLevel(counter(28, 35))).toBe('warning');
    expect(protectedTransactionsLevel(counter(27, 35))).toBe('ok');
  });

  it('at 100 % the threshold is reached: the reset date replaces the warning', () => {
    expect(protectedTransactionsLevel(counter(100, 100))).toBe('reached');
    expect(usedPercent(counter(100, 100))).toBe(100);
  });

  it('knows no limit with a threshold of 0', () => {
    expect(protectedTransactionsLevel(counter(500, 0))).toBe('unlimited');
    expect(usedPercent(counter(500, 0))).toBe(0);
  });
});
