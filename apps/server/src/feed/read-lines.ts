import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseChange, type ParsedLine } from './format';

/**
 * The feed's lines from a stream of NDJSON: each parsed and checked for shape, numbered from 1 as an
 * editor numbers them. Blank lines are allowed (and counted). `onBytes` reports what was read.
 */
export async function* readFeedLines(input: Readable, onBytes?: (bytes: number) => void): AsyncGenerator<ParsedLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number++;
    onBytes?.(Buffer.byteLength(text) + 1);
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line: number, seq: null, error: 'not a JSON object' };
      continue;
    }
    yield parseChange(value, number);
  }
}

/** Feed lines from objects already in memory (the demo and benchmark generator), numbered in order. */
export async function* feedLinesOf(values: Iterable<unknown>): AsyncGenerator<ParsedLine> {
  let number = 0;
  for (const value of values) yield parseChange(value, ++number);
}
