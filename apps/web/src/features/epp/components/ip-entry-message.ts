import type { Message } from '@registrar-panel/contract';
import translator from '../../../lib/translator';

/**
 * The text under an IP entry. The spec's pattern messages start 'Invalid characters found.', and
 * the IP message ' Invalid characters were used.' begins with the space that follows it, so an
 * entry that is no address reads 'Invalid characters found. Invalid characters were used.'.
 * A duplicate is no pattern failure: its text shows without the leading space (docs/decisions.md).
 */
export function ipEntryMessageText(messageKey: string, serverText?: string): string {
  if (messageKey === 'validation.ipAddress') return `${translator.t('validation.pattern')}${translator.t('validation.ipAddress')}`;
  if (messageKey === 'validation.ipAddressDuplicate') return translator.t('validation.ipAddressDuplicate').trim();
  return serverText?.trim() || translator.t('validation.unknown');
}

export function ipServerMessageText(message: Message): string {
  return ipEntryMessageText(message.messageKey, message.defaultMessage);
}
