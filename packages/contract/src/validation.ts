import { z } from 'zod';
import type { Message } from './envelope';
import { isMessageKey, message } from './messages';
import { limits } from './limits';

/*
 * Field rules of spec section 5, written once. Each zod issue carries a message key from
 * messages.ts; `fieldMessages` turns issues into envelope messages for the server and the web alike.
 */

export const phonePattern = /^\+[0-9]{1,3}\.[0-9]{1,14}$/;
/** Pragmatic address check: one @, no spaces, a dot in the domain part. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text of at most `max` characters (surrounding spaces are not counted and not kept). */
export function requiredText(max: number) {
  return z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.maxLength' });
}

/** An optional text of at most `max` characters; empty becomes undefined. */
export function optionalText(max: number) {
  return z
    .string({ error: 'validation.required' })
    .trim()
    .max(max, { error: 'validation.maxLength' })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

export const phoneField = requiredText(limits.phoneMaxLength).regex(phonePattern, { error: 'validation.phone' });

export function emailField(max: number = limits.contactTextMaxLength) {
  return requiredText(max).regex(emailPattern, { error: 'validation.email' });
}

export const urlField = requiredText(limits.contactTextMaxLength).refine(isHttpUrl, { error: 'validation.url' });

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Turns a zod error into envelope messages, one per field issue, with the English text filled in. */
export function fieldMessages(error: z.ZodError): Message[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const key = isMessageKey(issue.message) ? issue.message : 'validation.unknown';
    const params = issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined;
    return message(key, { field, ...(params ? { params } : {}) });
  });
}
