import { addCalendarDays, type ApiKeyScope, type CreateApiKeyInput, type Message } from '@registrar-panel/contract';

/*
 * The create dialog's values as the user edits them, and the request they become. The addresses
 * are one textarea, one address or range a line; the request holds them as a list. The rules
 * themselves (lengths, addresses, the expiry's bounds) are the contract's: this file only moves
 * values and messages between the form's shape and the request's.
 */

/** The dialog's fields; `allowedAddresses` is the textarea's text. */
export interface ApiKeyFormValues {
  name: string;
  scopes: ApiKeyScope[];
  expiresOn: string;
  allowedAddresses: string;
}

export type ApiKeyFormField = keyof ApiKeyFormValues;

/** How far ahead a new key expires unless the ADMIN picks another day: long enough for a quarter's scripts. */
export const defaultExpiryDays = 90;

/** The dialog's first values: a name to type, no scope ticked, the default expiry, any address. */
export function initialApiKeyForm(today: string): ApiKeyFormValues {
  return { name: '', scopes: [], expiresOn: addCalendarDays(today, defaultExpiryDays), allowedAddresses: '' };
}

/** The addresses of the textarea: one a line, surrounding spaces dropped, empty lines skipped. */
export function addressLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The textarea's line (from 1) that holds the `index`th address of the request, for messages about it. */
export function addressLineNumber(text: string, index: number): number | undefined {
  let seen = -1;
  const lines = text.split(/\r?\n/);
  for (const [number, line] of lines.entries()) {
    if (line.trim() !== '' && ++seen === index) return number + 1;
  }
  return undefined;
}

/** The request the dialog sends. */
export function apiKeyRequestOf(values: ApiKeyFormValues): CreateApiKeyInput {
  return { name: values.name, scopes: values.scopes, expiresOn: values.expiresOn, allowedAddresses: addressLines(values.allowedAddresses) };
}

/** A message placed on a field of the dialog; `line` names the textarea's line an address message is about. */
export interface PlacedMessage {
  field: ApiKeyFormField;
  message: Message;
  line?: number;
}

const formFields: readonly ApiKeyFormField[] = ['name', 'scopes', 'expiresOn', 'allowedAddresses'];

/**
 * Where a message about the request (`field` as the contract's schema names it: `name`,
 * `allowedAddresses.2`, …) shows in the dialog; undefined for a message about no field of it.
 */
export function placeMessage(message: Message, values: Pick<ApiKeyFormValues, 'allowedAddresses'>): PlacedMessage | undefined {
  const [head, entry] = (message.field ?? '').split('.');
  const field = formFields.find((name) => name === head);
  if (!field) return undefined;
  if (field !== 'allowedAddresses' || entry === undefined || !/^\d+$/.test(entry)) return { field, message };
  return { field, message, line: addressLineNumber(values.allowedAddresses, Number(entry)) };
}
