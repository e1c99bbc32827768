import translator from './translator';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { fieldMessages, type Message } from '@registrar-panel/contract';
import type { z } from 'zod';

/** The text of a validation message: its translation, or the English default. */
export function messageText(message: Message): string {
  return translator.exists(message.messageKey)
    ? translator.t(message.messageKey, message.params ?? {})
    : message.defaultMessage || translator.t('validation.unknown');
}

function setNested(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target;
  path.slice(0, -1).forEach((part) => {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  });
  const last = path[path.length - 1];
  if (last !== undefined && node[last] === undefined) node[last] = value;
}

/**
 * A react-hook-form resolver that validates with a contract schema, so the browser applies the very
 * rules the server applies, and shows the contract's message texts.
 */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  // Parsed synchronously (the contract's rules have no async step): each validation then settles in
  // one tick, in the order the changes came, so an older answer cannot land after a newer one and
  // leave a filled form marked invalid (an e2e test saw Create stay disabled after its fields were filled).
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const message of fieldMessages(result.error)) {
      setNested(errors, (message.field ?? '').split('.'), { type: message.messageKey, message: messageText(message) });
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}
