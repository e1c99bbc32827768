import { apiKeyLimits, apiKeyExpiryBounds, createApiKeySchema } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { addressLineNumber, addressLines, apiKeyRequestOf, defaultExpiryDays, initialApiKeyForm, placeMessage } from './api-key-form';

const message = (field: string | undefined, messageKey = 'validation.apiKeyAddress') => ({
  messageKey,
  defaultMessage: '',
  ...(field === undefined ? {} : { field }),
});

describe('the addresses textarea', () => {
  it('gives one address a line, trimmed, without empty lines, whatever the line endings', () => {
    expect(addressLines('')).toEqual([]);
    expect(addressLines('  \n\n ')).toEqual([]);
    expect(addressLines(' 192.0.2.10 \r\n\r\n2001:db8::/48\n  10.0.0.0/8\t')).toEqual(['192.0.2.10', '2001:db8::/48', '10.0.0.0/8']);
  });

  it("names the textarea's line of the request's nth address, empty lines counted", () => {
    const text = '\n192.0.2.10\n\n  \nnot an address\n10.0.0.1';
    expect(addressLineNumber(text, 0)).toBe(2);
    expect(addressLineNumber(text, 1)).toBe(5);
    expect(addressLineNumber(text, 2)).toBe(6);
    expect(addressLineNumber(text, 3)).toBeUndefined();
  });
});

describe('the default expiry', () => {
  it('is 90 days after today, across a month, a year and a DST change, and within the contract’s bounds', () => {
    expect(defaultExpiryDays).toBe(90);
    expect(initialApiKeyForm('2026-01-15').expiresOn).toBe('2026-04-15');
    expect(initialApiKeyForm('2026-03-01').expiresOn).toBe('2026-05-30');
    expect(initialApiKeyForm('2026-11-20').expiresOn).toBe('2027-02-18');
    const today = '2028-02-10';
    const { first, last } = apiKeyExpiryBounds(today);
    const expiry = initialApiKeyForm(today).expiresOn;
    expect(expiry > first && expiry < last).toBe(true);
  });

  it('starts with no name, no scope and any address', () => {
    expect(initialApiKeyForm('2026-06-01')).toEqual({ name: '', scopes: [], expiresOn: '2026-08-30', allowedAddresses: '' });
  });
});

describe('the request', () => {
  it('holds the addresses as a list that the contract’s schema accepts', () => {
    const request = apiKeyRequestOf({
      name: 'Nightly sync',
      scopes: ['registrations'],
      expiresOn: '2026-08-30',
      allowedAddresses: '192.0.2.77/24\n\n2001:DB8::1\n',
    });
    expect(request).toEqual({ name: 'Nightly sync', scopes: ['registrations'], expiresOn: '2026-08-30', allowedAddresses: ['192.0.2.77/24', '2001:DB8::1'] });
    const parsed = createApiKeySchema('2026-06-01').parse(request);
    expect(parsed.allowedAddresses).toEqual(['192.0.2.0/24', '2001:db8::1']);
  });

  it('lets the schema refuse one address more than the limit', () => {
    const text = Array.from({ length: apiKeyLimits.maxAllowedAddresses + 1 }, (_, i) => `192.0.2.${i + 1}`).join('\n');
    const request = apiKeyRequestOf({ name: 'x', scopes: ['billing'], expiresOn: '2026-06-01', allowedAddresses: text });
    expect(createApiKeySchema('2026-06-01').safeParse(request).success).toBe(false);
  });
});

describe('messages placed on the dialog’s fields', () => {
  const values = { allowedAddresses: '192.0.2.1\n\nnope' };

  it('puts each field’s message on it, and an address’s on the textarea with its line', () => {
    expect(placeMessage(message('name', 'apiKeys.nameTaken'), values)).toMatchObject({ field: 'name' });
    expect(placeMessage(message('scopes', 'validation.apiKeyScopes'), values)).toMatchObject({ field: 'scopes' });
    expect(placeMessage(message('scopes.0', 'validation.apiKeyScope'), values)).toEqual({
      field: 'scopes',
      message: message('scopes.0', 'validation.apiKeyScope'),
    });
    expect(placeMessage(message('expiresOn', 'validation.apiKeyExpiry'), values)).toMatchObject({ field: 'expiresOn' });
    expect(placeMessage(message('allowedAddresses.1'), values)).toMatchObject({ field: 'allowedAddresses', line: 3 });
    const tooMany = message('allowedAddresses', 'validation.apiKeyAddressesTooMany');
    expect(placeMessage(tooMany, values)).toEqual({ field: 'allowedAddresses', message: tooMany });
  });

  it('leaves a message about no field of the dialog unplaced', () => {
    expect(placeMessage(message(undefined, 'apiKeys.tooMany'), values)).toBeUndefined();
    expect(placeMessage(message('secret'), values)).toBeUndefined();
    expect(placeMessage(message(''), values)).toBeUndefined();
  });
});
