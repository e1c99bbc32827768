import fc from 'fast-check';

/*
 * Generators of what a hostile client sends (fast-check): text with NUL, lone surrogates, control
 * characters and anything else Unicode has, huge strings, wrong types, broken percent-encoding.
 */

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const awkward = fc.constantFrom('\u0000', '\t', '\n', '\r', '\u007f', '\u0085', '\u202e', '\ufeff', '\uffff', '%', '+', '&', '=', '"', '\\', '<', '@', '😀');

/** Text of any kind; about half of it holds a NUL or a lone surrogate. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), loneSurrogate, awkward), { maxLength: 8 }).map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 120_000 }), fc.constantFrom('', '\u0000', '\ud800')).map(([length, tail]) => 'x'.repeat(length) + tail),
  },
);

/** A JSON value of the wrong type, or of the right one with hostile text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileText, hostileText, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Percent-encoding as a careless or hostile client writes it: UTF-8, but a lone surrogate as the
 * three bytes it would take (`%ED%A0%80`), so that broken UTF-8 reaches the server.
 */
export function looselyEncoded(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

/** A URL component: hostile text encoded loosely, sometimes with a stray byte or a broken escape after it. */
export const hostileComponent: fc.Arbitrary<string> = fc
  .tuple(hostileText, fc.constantFrom('', '', '', '%FF', '%C3', '%C0%80', '%00', '%', '%zz'))
  .map(([text, tail]) => looselyEncoded(text) + tail);

/** A form body (or query string) with the given field names, some fields left out or doubled, some extra. */
export function hostileForm(fields: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileComponent });
  return fc.array(fc.tuple(name, hostileComponent), { maxLength: fields.length + 2 }).map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
}

/** A JSON body: a valid example with one part replaced, a value of any shape, or text that is not JSON. */
export function hostileJson(example: Record<string, unknown>): fc.Arbitrary<string> {
  const paths = leafPaths(example);
  const mutated = fc.tuple(fc.constantFrom(...paths), hostileValue, fc.option(fc.tuple(hostileText, hostileValue), { freq: 4 })).map(([path, value, extra]) => {
    const body = structuredClone(example);
    setAt(body, path, value);
    if (extra) body[extra[0]] = extra[1];
    return JSON.stringify(body);
  });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: hostileText },
  );
}

function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, item]) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) ? leafPaths(item as Record<string, unknown>, [...prefix, key]) : [[...prefix, key]],
  );
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  const last = path.at(-1);
  if (last === undefined) return;
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[last] = value;
}
