import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { ipEntryMessageText, ipServerMessageText } from './ip-entry-message';

beforeAll(async () => {
  await initI18n();
});

describe('IP entry messages', () => {
  it('shows an invalid entry as a pattern message', () => {
    expect(ipEntryMessageText('validation.ipAddress')).toBe('Invalid characters found. Invalid characters were used.');
  });

  it('shows a duplicate without the leading space', () => {
    expect(ipEntryMessageText('validation.ipAddressDuplicate')).toBe('This ipAddress already exists.');
  });

  it('shows another server message with its own text, or the unknown-error text', () => {
    expect(ipServerMessageText({ messageKey: 'something.else', defaultMessage: ' Server says no.' })).toBe('Server says no.');
    expect(ipServerMessageText({ messageKey: 'something.else', defaultMessage: '' })).toBe('Unknown error');
  });
});
