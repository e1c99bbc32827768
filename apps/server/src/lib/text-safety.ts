import { message } from '@registrar-panel/contract';
import { AppError } from '../errors';

/*
 * The one rule for text the server accepts from outside: "a string PostgreSQL and our pages can
 * hold". PostgreSQL cannot store NUL (U+0000) in text or jsonb, and a lone UTF-16 surrogate is not
 * Unicode at all (jsonb refuses its escape; elsewhere it would silently turn into U+FFFD). Every
 * other character, control characters included, is storable: fields that must not hold them say so
 * in their own validation (docs/decisions.md, "Bad input").
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for a string without NUL and without lone surrogates. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogate.test(text);
}

/**
 * True when every string in a parsed input (JSON body, form, query, path parameters), property
 * names included, is storable. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function holdsOnlyStorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isStorableText(value)) return false;
    } else if (ArrayBuffer.isView(value)) {
      // Bytes (a body read as a buffer) are not text: whoever reads them as text checks them.
      continue;
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * True when percent-encoded text (a request target, an `application/x-www-form-urlencoded` body)
 * decodes to storable text: its escapes make valid UTF-8 (no encoded surrogates, no stray bytes)
 * without NUL. Malformed escapes such as a bare `%` are left to the parsers, which keep them literally.
 */
export function isStorablePercentEncoded(text: string): boolean {
  if (!text.includes('%')) return isStorableText(text);
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const escape = code === 0x25 ? /^[0-9a-fA-F]{2}$/.exec(text.slice(i + 1, i + 3)) : null;
    if (escape) {
      bytes.push(parseInt(escape[0], 16));
      i += 2;
    } else if (code < 0x80) {
      bytes.push(code);
    } else {
      // Already decoded text (a form body read as UTF-8): re-encode it to check it with the escapes around it.
      const char = String.fromCodePoint(text.codePointAt(i) ?? code);
      if (loneSurrogate.test(char)) return false;
      bytes.push(...Buffer.from(char, 'utf8'));
      i += char.length - 1;
    }
  }
  return !bytes.includes(0) && utf8OrUndefined(Uint8Array.from(bytes)) !== undefined;
}

/** True for a body of `application/x-www-form-urlencoded` bytes that is valid UTF-8 and decodes to storable text. */
export function isStorableFormBody(body: Uint8Array): boolean {
  const text = utf8OrUndefined(body);
  return text !== undefined && isStorablePercentEncoded(text);
}

/** True for a JSON body that is valid UTF-8 and, if it parses, holds only storable text (what does not parse, the reader refuses). */
export function isStorableJsonBody(body: Uint8Array): boolean {
  const text = utf8OrUndefined(body);
  if (text === undefined) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  return holdsOnlyStorableText(parsed);
}

function utf8OrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The refusal: 400 with `error.invalidCharacters`, before any query. */
export class UnstorableTextError extends AppError {
  constructor() {
    super(400, [message('error.invalidCharacters')]);
  }
}
