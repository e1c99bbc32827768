import { domainSearchQuerySchema, fieldMessages } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { checkSearchForm, filterMessages, formValuesOf } from './search-filters';

const keysOf = (checked: ReturnType<typeof checkSearchForm>) =>
  'request' in checked
    ? null
    : { domainName: checked.domainName?.messageKey, ...Object.fromEntries(Object.entries(checked.filters).map(([name, m]) => [name, m.messageKey])) };

describe('the search form with filters', () => {
  it('checks a name-only search exactly as before: required, at most 100 characters', () => {
    // The form's own required check speaks the spec's words (section 5)...
    for (const emptied of ['', '   '])
      expect(checkSearchForm(formValuesOf(emptied, {}))).toEqual({
        domainName: expect.objectContaining({ messageKey: 'validation.required', defaultMessage: 'Please complete this mandatory field.' }),
        filters: {},
      });
    // ...while the API still answers an empty ulabel with its own key, which the page shows on the input (sections 5 and 8).
    const server = domainSearchQuerySchema.safeParse({ ulabel: ' ' });
    expect(server.success ? [] : fieldMessages(server.error).map((m) => [m.field, m.messageKey])).toEqual([['ulabel', 'search.domain.name.empty.input']]);
    expect(keysOf(checkSearchForm(formValuesOf('x'.repeat(101), {})))).toEqual({ domainName: 'validation.maxLength' });
    expect(checkSearchForm(formValuesOf(' bak* ', {}))).toEqual({ request: { term: 'bak*', filters: {} } });
  });

  it('searches every name when a filter is set and the name is left empty', () => {
    expect(checkSearchForm(formValuesOf('', { status: 'ok' }))).toEqual({ request: { term: '*', filters: { status: 'ok' } } });
    // The portfolio on a date asks for every name when none is given, filters or not.
    expect(checkSearchForm(formValuesOf(' ', {}), { nameOptional: true })).toEqual({ request: { term: '*', filters: {} } });
    expect(keysOf(checkSearchForm(formValuesOf('x'.repeat(101), {}), { nameOptional: true }))).toEqual({ domainName: 'validation.maxLength' });
    expect(checkSearchForm(formValuesOf('shop*', { idn: 'true', registrant: 'C12' }))).toEqual({
      request: { term: 'shop*', filters: { idn: 'true', registrant: 'C12' } },
    });
  });

  it("gives each wrong filter the contract's message in its own field", () => {
    expect(keysOf(checkSearchForm(formValuesOf('*', { status: 'sleeping', expiresFrom: '2026-13-01' })))).toEqual({
      domainName: undefined,
      status: 'search.filter.invalid',
      // The form's date fields name the portal's style ('YYYY/MM/DD') in their message, not the API's.
      expiresFrom: 'search.filter.date.format',
    });
    expect(filterMessages({ expiresFrom: '2026-05-01', expiresTo: '2026-04-30' }).expiresTo?.messageKey).toBe('search.filter.expiryRange');
    expect(filterMessages({ expiresFrom: '2026-05-01', expiresTo: '2026-05-01' })).toEqual({});
  });
});

describe("the expiry dates in the portal's date style", () => {
  it("shows the address's days as 'YYYY/MM/DD' in the form", () => {
    const values = formValuesOf('*', { expiresFrom: '2026-05-01', expiresTo: '2026-12-31' });
    expect(values.filters.expiresFrom).toBe('2026/05/01');
    expect(values.filters.expiresTo).toBe('2026/12/31');
  });

  it("takes 'YYYY/MM/DD' as typed (and a pasted ISO day), and asks the API for the calendar day", () => {
    expect(
      checkSearchForm({ ...formValuesOf('*', {}), filters: { ...formValuesOf('*', {}).filters, expiresFrom: '2026/05/01', expiresTo: ' 2026-06-30 ' } }),
    ).toEqual({
      request: { term: '*', filters: { expiresFrom: '2026-05-01', expiresTo: '2026-06-30' } },
    });
  });

  it("says the portal's style on a day it cannot read or that does not exist", () => {
    const typed = (expiresFrom: string) => checkSearchForm({ ...formValuesOf('*', {}), filters: { ...formValuesOf('*', {}).filters, expiresFrom } });
    for (const text of ['05/01/2026', '2026/13/01', '2026/5/1']) {
      const checked = typed(text);
      expect(keysOf(checked)).toEqual({ domainName: undefined, expiresFrom: 'search.filter.date.format' });
      expect('filters' in checked && checked.filters.expiresFrom?.defaultMessage).toBe('Please enter a date as YYYY/MM/DD.');
    }
  });
});
