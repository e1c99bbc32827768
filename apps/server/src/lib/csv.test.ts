import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, csvStream, neutraliseFormula, toCsv } from './csv';

describe('csv writer', () => {
  it('writes plain text, numbers and empty cells as they are', () => {
    expect(csvRecord(['example.be', 1, null, undefined, ''])).toBe('example.be,1,,,\r\n');
  });

  it('quotes fields holding a comma, a double quote, CR or LF, doubling inner quotes (RFC 4180)', () => {
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('the "best" registrar')).toBe('"the ""best"" registrar"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\rb')).toBe('"a\rb"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+32.21234567', "'+32.21234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
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

  it('builds a small file with its header record', () => {
    expect(
      toCsv(
        ['Domain name', 'Period'],
        [
          ['a.be', 1],
          ['b.be', 2],
        ],
      ),
    ).toBe('Domain name,Period\r\na.be,1\r\nb.be,2\r\n');
  });

  it('streams the header then every batch in order', async () => {
    async function* batches() {
      yield [['a.be'], ['=b.be']];
      yield [];
      yield [['c,d.be']];
    }
    expect(await text(csvStream(['Domain name'], batches()))).toBe(`Domain name\r\na.be\r\n'=b.be\r\n"c,d.be"\r\n`);
  });

  it('stops pulling batches when the reader goes away, and lets the source clean up', async () => {
    let pulled = 0;
    let cleanedUp = false;
    async function* batches() {
      try {
        for (;;) {
          pulled++;
          yield [['x'.repeat(100_000)]];
        }
      } finally {
        cleanedUp = true;
      }
    }
    const stream = csvStream(['h'], batches());
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cleanedUp).toBe(true);
    expect(pulled).toBeLessThan(5);
  });
});
