import { createApiKeySchema } from '@registrar-panel/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import type { ApiKeyFormValues } from './api-key-form';
import { apiKeyFormResolver, fieldErrorsOf } from './api-key-form-resolver';

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('users');
});

const today = '2026-06-01';
const valid: ApiKeyFormValues = { name: 'Nightly sync', scopes: ['registrations'], expiresOn: '2026-08-30', allowedAddresses: '' };
const resolve = (values: ApiKeyFormValues) =>
  apiKeyFormResolver(createApiKeySchema(today))(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the create dialog's validation, by the contract's schema", () => {
  it('accepts a valid dialog as it is', async () => {
    expect(await resolve(valid)).toEqual({ values: valid, errors: {} });
  });

  it("shows each field's message in words, an address's with its line", async () => {
    const { errors } = await resolve({ name: ' ', scopes: [], expiresOn: '2027-06-02', allowedAddresses: '192.0.2.1\n\n192.0.2.300\n192.0.2.1' });
    expect(errors.name?.message).toBe('Please complete this mandatory field.');
    expect(errors.scopes?.message).toBe('Choose at least one scope.');
    expect(errors.expiresOn?.message).toBe('Choose a day from today to at most one year (365 days) ahead.');
    // The first problem of the list: line 3 is no address (line 4 repeats line 1).
    expect(errors.allowedAddresses?.message).toBe('Line 3: Enter an IPv4 or IPv6 address, or a CIDR range such as 192.0.2.0/24.');
  });

  it('accepts the last day a year ahead and refuses yesterday', async () => {
    expect((await resolve({ ...valid, expiresOn: '2027-06-01' })).errors).toEqual({});
    expect((await resolve({ ...valid, expiresOn: '2026-05-31' })).errors.expiresOn?.type).toBe('validation.apiKeyExpiry');
  });

  it("places the server's messages the same way", () => {
    const errors = fieldErrorsOf(
      [
        { messageKey: 'apiKeys.nameTaken', defaultMessage: 'taken', field: 'name' },
        { messageKey: 'validation.apiKeyAddressDuplicate', defaultMessage: 'dup', field: 'allowedAddresses.1' },
        { messageKey: 'apiKeys.tooMany', defaultMessage: 'too many', params: { max: 25 } },
      ],
      { ...valid, allowedAddresses: '10.0.0.0/8\n10.1.2.3/8' },
    );
    expect(errors.get('name')?.message).toBe('Another active API key of your registrar has this name. Please choose another one.');
    expect(errors.get('allowedAddresses')?.message).toBe('Line 2: This address or range is already in the list.');
    expect(errors.size).toBe(2);
  });
});
