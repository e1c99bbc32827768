import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lines, numbered } from './feed.test-support';
import { readFeedLines } from './read-lines';
import type { ParsedLine } from './format';

/*
 * The reader splits bytes, not text: however the stream cuts the file (inside a line break, inside
 * a character of several bytes), the lines and their numbers are the same.
 */

const read = async (chunks: Buffer[], maxLineBytes?: number) => {
  const out: ParsedLine[] = [];
  let bytes = 0;
  for await (const line of readFeedLines(Readable.from(chunks), { maxLineBytes, onBytes: (n) => (bytes += n) })) out.push(line);
  return { out, bytes };
};

const cut = (file: Buffer, size: number) => Array.from({ length: Math.ceil(file.length / size) }, (_, i) => file.subarray(i * size, (i + 1) * size));

describe('readFeedLines', () => {
  const values = numbered(
    [lines.registrar('acme'), lines.contact('c-acme-1', 'acme', { name: 'Zoë Ñandú 🦆' }), lines.domain(1, 'bäckerei.be', 'acme', 'c-acme-1')],
    1,
  );
  // CRLF line breaks, a blank line, white space around a line, and a last line without a break.
  const file = Buffer.from(
    `${JSON.stringify(values[0])}\r\n\r\n  ${JSON.stringify(values[1])}  \n${'x'.repeat(3000)}\n{"seq": 9, "seq": 10}\n${JSON.stringify(values[2])}`,
  );

  it('gives the same lines, numbers and byte count however the stream is cut', async () => {
    const whole = await read([file], 2000);
    expect(whole.bytes).toBe(file.length);
    expect(whole.out.map((l) => [l.line, 'error' in l ? l.error : l.change.type])).toEqual([
      [1, 'registrar'],
      [3, 'contact'],
      [4, 'line too long: 3,000 bytes, above the limit of 2,000 (FEED_MAX_LINE_BYTES)'],
      [5, 'duplicate JSON key "seq": each key may appear once in an object'],
      [6, 'domain'],
    ]);
    for (const size of [1, 2, 3, 5, 64, 1999, 2000, 2001]) expect(await read(cut(file, size), 2000), `chunks of ${size} bytes`).toEqual(whole);
  });
});
