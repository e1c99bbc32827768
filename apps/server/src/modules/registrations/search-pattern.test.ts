import { describe, expect, it } from 'vitest';
import { choosePageRead, planSearch, prefixUpperBound } from './search-pattern';

describe('planSearch', () => {
  it.each([
    // input, strategy, column, value, prefix, tokens, tokenIsMatch
    ['bakery.be', 'exact', 'a_label', 'bakery.be', '', [], false],
    ['bakery', 'exact', 'a_label', 'bakery.be', '', [], false],
    ['BaKeRy.BE', 'exact', 'a_label', 'bakery.be', '', [], false],
    ['café.be', 'exact', 'a_label', 'xn--caf-dma.be', '', [], false],
    ['CAFÉ', 'exact', 'a_label', 'xn--caf-dma.be', '', [], false],
    ['xn--caf-dma.be', 'exact', 'a_label', 'xn--caf-dma.be', '', [], false],
    ['bak*', 'prefix', 'u_label', 'bak%', 'bak', [], false],
    ['b*', 'prefix', 'u_label', 'b%', 'b', [], false],
    ['bak*gent', 'prefix', 'u_label', 'bak%gent.be', 'bak', [], false],
    ['xn--*', 'prefix', 'a_label', 'xn--%', 'xn--', [], false],
    ['*xn--caf*', 'scan', 'a_label', '%xn--caf%', '', [], false],
    ['*gent', 'tokens', 'u_label', '%gent.be', '', ['gen', 'ent', 'nt.', 't.b', '.be'], false],
    ['*bakery*', 'tokens', 'u_label', '%bakery%', '', ['bak', 'ake', 'ker', 'ery'], false],
    ['**bak***ery*', 'tokens', 'u_label', '%bak%ery%', '', ['bak', 'ery'], false],
    ['*café*', 'tokens', 'u_label', '%café%', '', ['caf', 'afé'], false],
    ['*ine*', 'tokens', 'u_label', '%ine%', '', ['ine'], true],
    ['*ab*', 'tokens', 'u_label', '%ab%', '', ['ab'], true],
    ['*é*', 'tokens', 'u_label', '%é%', '', ['é'], true],
    ['*a*', 'tokens', 'u_label', '%a%', '', ['a'], true],
    ['*a*b*', 'tokens', 'u_label', '%a%b%', '', ['a', 'b'], false],
    ['*ab', 'tokens', 'u_label', '%ab.be', '', ['ab.', 'b.b', '.be'], false],
    ['*.be', 'tokens', 'u_label', '%.be', '', ['.be'], false],
    ['*ab-cd*', 'tokens', 'u_label', '%ab-cd%', '', ['ab-', 'b-c', '-cd'], false],
    ['*', 'tokens', 'u_label', '%', '', [''], true],
  ])('plans %s as a %s search', (input, strategy, column, value, prefix, tokens, tokenIsMatch) => {
    expect(planSearch(input, 'be')).toEqual({ strategy, column, value, prefix, tokens, tokenIsMatch });
  });
});

describe('choosePageRead', () => {
  it.each([
    // matches, registrar's names, offset, page size, read
    [640_000, 1_000_000, 0, 100, 'in-order'],
    [640_000, 1_000_000, 639_900, 100, 'in-reverse-order'],
    [640_000, 1_000_000, 320_000, 100, 'in-order'],
    [1_000_000, 1_000_000, 999_900, 100, 'in-reverse-order'],
    [27_000, 1_000_000, 0, 100, 'in-order'],
    [27_000, 1_000_000, 13_000, 100, 'lookup'],
    [27_000, 1_000_000, 26_900, 100, 'in-reverse-order'],
    [700, 1_000_000, 0, 100, 'lookup'],
    [120_000, 1_000_000, 50_000, 100, 'in-order'],
  ])('reads %d matches of %d names at offset %d (size %d): %s', (matches, names, offset, size, read) => {
    expect(choosePageRead(matches, names, offset, size)).toBe(read);
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
