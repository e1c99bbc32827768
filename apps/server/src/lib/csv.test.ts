import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { crlfRecords, csvField, csvRecord, neutraliseFormula } from './csv';

describe('csv writer', () => {
  it('writes plain text, numbers and empty cells as they are', () => {
    expect(csvRecord(['example.be', 1, null, undefined, ''])).toBe('example.be,1,,,\r\n');
  });

  it('quotes fields holding a comma or a double quote, doubling inner quotes (RFC 4180)', () => {
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('the "best" registrar')).toBe('"the ""best"" registrar"');
  });

  it('writes control characters and bidirectional controls as U+FFFD, line breaks and tabs included', () => {
    expect(csvField('line one\nline two')).toBe('line one\uFFFDline two');
    expect(csvField('a\rb')).toBe('a\uFFFDb');
    expect(csvField('Acme\u202Egnp.exe\u2066\u0085')).toBe('Acme\uFFFDgnp.exe\uFFFD\uFFFD');
    expect(csvRecord(['+32\u202E1', 'ok'])).toBe("'+32\uFFFD1,ok\r\n");
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+32.21234567', "'+32.21234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
  ])('neutralises %j so a spreadsheet shows it as text', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('leaves text that only contains formula characters later on alone', () => {
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('xn--bcher-kva.be')).toBe('xn--bcher-kva.be');
  });

  it('writes numbers, negative ones included, as numbers and drops non-finite ones', () => {
    expect(csvField(-1)).toBe('-1');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('keeps UTF-8 text intact', () => {
    expect(csvRecord(['bücher.be', 'Zürich'])).toBe('bücher.be,Zürich\r\n');
  });

  it('ends COPY records with CRLF, wherever the chunks split them', async () => {
    const chunks = ['a.be,\n', '\nb.be', ',x\n\n', 'c.be'];
    const transform = crlfRecords();
    const out = text(transform);
    for (const chunk of chunks) transform.write(Buffer.from(chunk));
    transform.end();
    expect(await out).toBe('a.be,\r\n\r\nb.be,x\r\n\r\nc.be');
  });
});
