import { describe, expect, it } from 'vitest';
import { visibleText } from './visible-text';

describe('visible text', () => {
  it('replaces each control and bidirectional control with U+FFFD', () => {
    const hidden = [
      '\u0000',
      '\u0007',
      '\t',
      '\n',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
    ];
    for (const char of hidden) expect(visibleText(`a${char}b`), JSON.stringify(char)).toBe('a\uFFFDb');
    expect(visibleText('+32\u202Egpj.exe@acme')).toBe('+32\uFFFDgpj.exe@acme');
  });

  it('leaves every other character as it is: letters of any script, emoji with their joiners, Arabic and Hebrew', () => {
    for (const text of ['Zoë’s CRM', 'café.be', '👩‍💻 team', 'شركة', 'חברה', 'a\u00a0b', '\u200d']) expect(visibleText(text)).toBe(text);
  });
});
