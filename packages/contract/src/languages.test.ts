import { describe, expect, it } from 'vitest';
import { acceptedLanguage, defaultLanguage, languages, matchLanguage, parseLanguage, preferredLanguage } from './languages';

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

describe('acceptedLanguage', () => {
  it('takes the language the header weighs highest among the four, the earlier one on equal weights', () => {
    expect(acceptedLanguage('fr')).toBe('fr');
    expect(acceptedLanguage('nl-BE,nl;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('nl');
    expect(acceptedLanguage('en;q=0.5, de;q=0.8')).toBe('de');
    expect(acceptedLanguage('de, fr')).toBe('de');
    expect(acceptedLanguage('DE-ch;Q=1.0')).toBe('de');
    expect(acceptedLanguage('es, it;q=0.9, fr;q=0.2')).toBe('fr');
    expect(acceptedLanguage('fr , , nl;q=0.5,')).toBe('fr');
  });

  it('reads q=0 as a refusal and * as English', () => {
    expect(acceptedLanguage('fr;q=0, nl;q=0.1')).toBe('nl');
    expect(acceptedLanguage('fr;q=0')).toBe('en');
    expect(acceptedLanguage('*')).toBe('en');
    expect(acceptedLanguage('fr;q=0.5, *;q=0.9')).toBe('en');
    expect(acceptedLanguage('*;q=0.1, de;q=0.3')).toBe('de');
  });

  it('gives English for no header, other languages, and malformed or oversized headers', () => {
    for (const header of [
      undefined,
      '',
      ' ',
      'es',
      'es-ES, it',
      '../',
      '../nl',
      '<script>alert(1)</script>',
      'nl<script>',
      'fr;q=2',
      'fr;q=0.5.1',
      'fr;x=1',
      'fr;q=',
      'nl, ../',
      'nl;q=0.9;q=0.8',
      'x'.repeat(9),
    ]) {
      expect(acceptedLanguage(header), String(header)).toBe('en');
    }
    for (const value of [null, 1, ['fr'], { fr: 1 }]) expect(acceptedLanguage(value)).toBe('en');
  });

  it('refuses a 100 KB header at once, however it starts', () => {
    const huge = `fr,${'nl;q=0.5,'.repeat(12_000)}`;
    expect(huge.length).toBeGreaterThan(100_000);
    const started = performance.now();
    expect(acceptedLanguage(huge)).toBe('en');
    expect(acceptedLanguage(`fr-${'a'.repeat(100_000)}`)).toBe('en');
    expect(acceptedLanguage('fr;q=0.5,'.repeat(21))).toBe('en');
    expect(performance.now() - started).toBeLessThan(50);
  });
});
