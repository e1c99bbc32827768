import { describe, expect, it } from 'vitest';
import { planSearch, prefixUpperBound } from './search-pattern';

describe('planSearch', () => {
  it.each([
    // input, strategy, column, value, prefix, indexPattern
    ['bakery.be', 'exact', 'a_label', 'bakery.be', '', ''],
    ['bakery', 'exact', 'a_label', 'bakery.be', '', ''],
    ['BaKeRy.BE', 'exact', 'a_label', 'bakery.be', '', ''],
    ['café.be', 'exact', 'a_label', 'xn--caf-dma.be', '', ''],
    ['CAFÉ', 'exact', 'a_label', 'xn--caf-dma.be', '', ''],
    ['xn--caf-dma.be', 'exact', 'a_label', 'xn--caf-dma.be', '', ''],
    ['bak*', 'prefix', 'u_label', 'bak%', 'bak', ''],
    ['b*', 'prefix', 'u_label', 'b%', 'b', ''],
    ['bak*gent', 'prefix', 'u_label', 'bak%gent.be', 'bak', ''],
    ['xn--*', 'prefix', 'a_label', 'xn--%', 'xn--', ''],
    ['*gent', 'trigram', 'u_label', '%gent.be', '', '%gent.%'],
    ['*gent.be', 'trigram', 'u_label', '%gent.be', '', '%gent.%'],
    ['*bakery*', 'trigram', 'u_label', '%bakery%', '', '%bakery%'],
    ['**bak***ery*', 'trigram', 'u_label', '%bak%ery%', '', '%bak%ery%'],
    ['*café*', 'trigram', 'u_label', '%café%', '', '%café%'],
    ['*ab*', 'scan', 'u_label', '%ab%', '', ''],
    ['*a*', 'scan', 'u_label', '%a%', '', ''],
    ['*ab', 'scan', 'u_label', '%ab.be', '', ''],
    ['*ab-cd*', 'scan', 'u_label', '%ab-cd%', '', ''],
    ['*', 'scan', 'u_label', '%', '', ''],
  ])('plans %s as a %s search', (input, strategy, column, value, prefix, indexPattern) => {
    expect(planSearch(input, 'be')).toEqual({ strategy, column, value, prefix, indexPattern });
  });
});

describe('prefixUpperBound', () => {
  it.each([
    ['bak', 'bal'],
    ['caf', 'cag'],
    ['xn--', 'xn-.'],
    ['cé', 'cê'],
  ])('bounds %s by %s', (prefix, bound) => {
    expect(prefixUpperBound(prefix)).toBe(bound);
    expect(`${prefix}zzz` < bound).toBe(true);
  });
});
