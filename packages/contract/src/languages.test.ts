import { describe, expect, it } from 'vitest';
import { defaultLanguage, languages, matchLanguage, parseLanguage, preferredLanguage } from './languages';

describe('parseLanguage', () => {
  it('reads the four as they are and in any case', () => {
    for (const language of languages) expect(parseLanguage(language)).toBe(language);
    expect(parseLanguage('NL')).toBe('nl');
    expect(parseLanguage(' Fr ')).toBe('fr');
  });

  it('reads a tag with a region as its language: a Belgian Dutch or Swiss German browser gets Dutch or German', () => {
    expect(parseLanguage('nl-BE')).toBe('nl');
    expect(parseLanguage('fr_BE')).toBe('fr');
    expect(parseLanguage('de-CH-1901')).toBe('de');
    expect(parseLanguage('en-GB')).toBe('en');
  });

  it('gives English for everything else: other languages, paths, markup, huge values, non-strings', () => {
    for (const value of ['es', 'nld', 'n', '', '../', '../nl', 'nl/../fr', '<script>alert(1)</script>', 'nl<script>', 'nl;fr', 'nl,fr', 'de-', '-de']) {
      expect(parseLanguage(value), value).toBe(defaultLanguage);
    }
    expect(parseLanguage('nl'.repeat(50_000))).toBe('en');
    expect(parseLanguage(`nl-${'a'.repeat(100_000)}`)).toBe('en');
    for (const value of [undefined, null, 1, {}, ['nl']]) expect(parseLanguage(value)).toBe('en');
  });

  it('names no language for what it does not know, so that a caller can tell a choice from none', () => {
    expect(matchLanguage('es')).toBeUndefined();
    expect(matchLanguage('en')).toBe('en');
  });
});

describe('preferredLanguage', () => {
  it("takes the first of the four in the browser's order", () => {
    expect(preferredLanguage(['es-ES', 'fr-BE', 'nl'])).toBe('fr');
    expect(preferredLanguage(['en-GB', 'fr'])).toBe('en');
    expect(preferredLanguage(['es', 'it'])).toBeUndefined();
    expect(preferredLanguage([])).toBeUndefined();
  });
});
