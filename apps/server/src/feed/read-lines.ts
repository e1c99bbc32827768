import { defaultFeedMaxLineBytes } from '../config';
import type { Readable } from 'node:stream';
import { parseChange, type ParsedLine } from './format';

/** Enough of an over-long line's start to read a leading `"seq"` from. */
const prefixBytes = 64;
const newline = 0x0a;

export interface ReadFeedOptions {
  /** Reports the bytes read, line by line (progress). */
  onBytes?: (bytes: number) => void;
  maxLineBytes?: number;
}

/**
 * The feed's lines from a stream of NDJSON: each parsed and checked for shape, numbered from 1 as an
 * editor numbers them. Blank lines are allowed (and counted). A line longer than `maxLineBytes` is
 * never held: its bytes are counted and dropped up to the next line break, and it comes out
 * refused, so the run goes on with the next line.
 */
export async function* readFeedLines(input: Readable, options: ReadFeedOptions = {}): AsyncGenerator<ParsedLine> {
  const maxLineBytes = options.maxLineBytes ?? defaultFeedMaxLineBytes;
  const onBytes = options.onBytes;
  let number = 0;
  /** The current line's bytes from earlier chunks (only while it is within the limit). */
  let pieces: Buffer[] = [];
  let held = 0;
  /** Set while dropping an over-long line: its start, and its length so far. */
  let overLong: { prefix: Buffer; bytes: number } | null = null;

  for await (const data of input as AsyncIterable<Buffer | string>) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(newline, start);
      const stop = end === -1 ? chunk.length : end;
      if (overLong) {
        overLong.bytes += stop - start;
      } else if (held + stop - start > maxLineBytes) {
        overLong = {
          // Only the first bytes are copied.
          prefix: Buffer.concat([...pieces, chunk.subarray(start, stop)], Math.min(prefixBytes, held + stop - start)),
          bytes: held + stop - start,
        };
        pieces = [];
        held = 0;
      } else if (end === -1) {
        pieces.push(chunk.subarray(start));
        held += chunk.length - start;
      }
      if (end === -1) break;
      number++;
      if (overLong) {
        onBytes?.(overLong.bytes + 1);
        yield overLongLine(number, overLong, maxLineBytes);
        overLong = null;
      } else {
        const text = held === 0 ? chunk.toString('utf8', start, end) : Buffer.concat([...pieces, chunk.subarray(start, end)]).toString('utf8');
        onBytes?.(held + end - start + 1);
        pieces = [];
        held = 0;
        const parsed = parseLine(text, number);
        if (parsed) yield parsed;
      }
      start = end + 1;
    }
  }
  // The last line may end without a line break.
  if (overLong) {
    onBytes?.(overLong.bytes);
    yield overLongLine(number + 1, overLong, maxLineBytes);
  } else if (held > 0) {
    onBytes?.(held);
    const parsed = parseLine(Buffer.concat(pieces).toString('utf8'), number + 1);
    if (parsed) yield parsed;
  }
}

/** One line's text as the importer gets it; blank lines give nothing. */
function parseLine(text: string, line: number): ParsedLine | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { line, seq: null, error: 'not a JSON object' };
  }
  // JSON.parse keeps the last of two equal keys: the line would say two things and the feed would
  // silently apply one of them.
  if (keyColons(text) !== keyCount(value)) {
    const duplicate = firstDuplicateKey(text);
    if (duplicate) {
      const seq = duplicate.path.length > 0 || duplicate.key !== 'seq' ? seqOf(value) : null;
      const where = duplicate.path.length > 0 ? ` in ${duplicate.path.join('.')}` : '';
      return { line, seq, error: `duplicate JSON key "${duplicate.key}"${where}: each key may appear once in an object` };
    }
  }
  return parseChange(value, line);
}

function seqOf(value: unknown): number | null {
  return typeof value === 'object' && value !== null && 'seq' in value && typeof value.seq === 'number' ? value.seq : null;
}

/** An over-long line's reject; its `seq` when the line starts with it, so that a rerun skips it as applied. */
function overLongLine(line: number, overLong: { prefix: Buffer; bytes: number }, maxLineBytes: number): ParsedLine {
  const leading = /^\s*\{\s*"seq"\s*:\s*(\d{1,16})\s*[,}]/.exec(overLong.prefix.toString('utf8'));
  const seq = leading ? Number(leading[1]) : null;
  return {
    line,
    seq: seq !== null && seq > 0 && Number.isSafeInteger(seq) ? seq : null,
    error: `line too long: ${overLong.bytes.toLocaleString('en')} bytes, above the limit of ${maxLineBytes.toLocaleString('en')} (FEED_MAX_LINE_BYTES)`,
  };
}

/**
 * Colons preceded (past white space) by a quote: every key's colon, and colons inside strings
 * after an escaped quote. Never fewer than the keys the text names, so equal to the keys parsed
 * means no key was named twice; the exact (slower) scan runs only when they differ.
 */
function keyColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    let before = at - 1;
    let code = text.charCodeAt(before);
    while (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) code = text.charCodeAt(--before);
    if (code === 0x22) count++;
  }
  return count;
}

/** The keys of every object in a parsed value. */
function keyCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += keyCount(item);
    return count;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) count += 1 + keyCount(object[key]);
  return count;
}

/** Walks valid JSON text for the first object that names a key twice (keys compared unescaped). */
function firstDuplicateKey(text: string): { key: string; path: (string | number)[] } | undefined {
  interface Frame {
    keys: Set<string> | null;
    /** Where this container is, and the key or index of its current member. */
    path: (string | number)[];
    member: string | number;
  }
  const stack: Frame[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      let end = at + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const frame = stack.at(-1);
      let after = end + 1;
      while (/\s/.test(text[after] ?? '')) after++;
      if (frame?.keys && text[after] === ':') {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (frame.keys.has(key)) return { key, path: frame.path };
        frame.keys.add(key);
        frame.member = key;
      }
      at = end;
    } else if (char === '{' || char === '[') {
      const parent = stack.at(-1);
      const path = parent ? [...parent.path, parent.member] : [];
      stack.push({ keys: char === '{' ? new Set() : null, path, member: 0 });
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      const frame = stack.at(-1);
      if (frame && !frame.keys) frame.member = (frame.member as number) + 1;
    }
  }
  return undefined;
}

/** Feed lines from objects already in memory (the demo and benchmark generator), numbered in order. */
export async function* feedLinesOf(values: Iterable<unknown>): AsyncGenerator<ParsedLine> {
  let number = 0;
  for (const value of values) yield parseChange(value, ++number);
}
