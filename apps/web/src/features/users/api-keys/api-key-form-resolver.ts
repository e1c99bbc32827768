import { fieldMessages, type Message } from '@registrar-panel/contract';
import translator from '../../../lib/translator';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { messageText } from '../../../lib/form';
import { apiKeyRequestOf, placeMessage, type ApiKeyFormField, type ApiKeyFormValues } from './api-key-form';

/** The error type of a message the server sent: shown on its field even before the user changed it. */
export const serverErrorType = 'server';

/** The text of a message under its field; an address's message names the textarea's line. */
export function placedMessageText(message: Message, line: number | undefined): string {
  // Some address texts start with a space (they follow another text on the EPP page).
  const text = messageText(message).trim();
  return line === undefined ? text : translator.t('users.apiKeys.form.addressLine', { line, message: text });
}

/** Each field's first message, with its text. */
export function fieldErrorsOf(messages: readonly Message[], values: ApiKeyFormValues): Map<ApiKeyFormField, { type: string; message: string }> {
  const errors = new Map<ApiKeyFormField, { type: string; message: string }>();
  for (const message of messages) {
    const placed = placeMessage(message, values);
    if (placed && !errors.has(placed.field)) errors.set(placed.field, { type: message.messageKey, message: placedMessageText(message, placed.line) });
  }
  return errors;
}

/**
 * Validates the dialog with the contract's schema for the request, as the server does: the
 * textarea becomes the list of addresses first, and each message comes back to its field.
 */
export function apiKeyFormResolver(schema: z.ZodType): Resolver<ApiKeyFormValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(apiKeyRequestOf(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ApiKeyFormValues> = {};
    for (const [field, error] of fieldErrorsOf(fieldMessages(result.error), values)) errors[field] = error;
    return { values: {}, errors };
  };
}
