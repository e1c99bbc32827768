import { describe, expect, it } from 'vitest';
import { activeFilters, filteredSearchHref, registrationHref, saveAsRuleHref, searchHref, searchLocationOf } from './search-location';

describe('search location', () => {
  it('reads the term and the one-based page, page 1 when missing or odd', () => {
    expect(searchLocationOf(new URLSearchParams('domainname=bak*&page=3'))).toEqual({ term: 'bak*', page: 3, filters: {} });
    expect(searchLocationOf(new URLSearchParams('domainname=bak*'))).toEqual({ term: 'bak*', page: 1, filters: {} });
    expect(searchLocationOf(new URLSearchParams('domainname=x&page=-2'))).toEqual({ term: 'x', page: 1, filters: {} });
    expect(searchLocationOf(new URLSearchParams('domainname=x&page=abc'))).toEqual({ term: 'x', page: 1, filters: {} });
    expect(searchLocationOf(new URLSearchParams('page=2'))).toBeNull();
  });

  it('links back to the search and carries it on a registration link', () => {
    expect(searchHref({ term: 'café*', page: 2, filters: {} })).toBe('/registrations/search?domainname=caf%C3%A9*&page=2');
    expect(registrationHref('café.be', { term: '*', page: 4, filters: {} })).toBe('/registrations/registration/caf%C3%A9.be/view?domainname=*&page=4');
    expect(registrationHref('café.be', null)).toBe('/registrations/registration/caf%C3%A9.be/view');
  });

  it('keeps the filters in the address after the name and page, and reads them back as they were', () => {
    const search = {
      term: 'bak*',
      page: 2,
      filters: { status: 'ok', label: 'DOMAINGUARD', rgp: 'NONE', idn: 'true', expiresFrom: '2026-01-01', expiresTo: '2026-03-31', registrant: 'C-1 2' },
    };
    const href = searchHref(search);
    expect(href).toBe(
      '/registrations/search?domainname=bak*&page=2&status=ok&label=DOMAINGUARD&rgp=NONE&idn=true&expiresFrom=2026-01-01&expiresTo=2026-03-31&registrant=C-1+2',
    );
    expect(searchLocationOf(new URL(href, 'https://panel.example').searchParams)).toEqual(search);
    // A registration opened from that search returns to it, filters and all.
    const registration = new URL(registrationHref('bakery.be', search), 'https://panel.example');
    expect(registration.pathname).toBe('/registrations/registration/bakery.be/view');
    expect(searchLocationOf(registration.searchParams)).toEqual(search);
  });

  it('leaves out empty and unknown parameters', () => {
    expect(searchLocationOf(new URLSearchParams('domainname=*&status=&label=%20&colour=red&rgp=ADD_PERIOD'))).toEqual({
      term: '*',
      page: 1,
      filters: { rgp: 'ADD_PERIOD' },
    });
    expect(activeFilters({ status: ' ', registrant: ' C1 ' })).toEqual({ registrant: 'C1' });
  });

  it('saves a search as a rule with its name and filters, without its page', () => {
    expect(saveAsRuleHref({ term: '*an*', page: 4, filters: { status: 'ok', registrant: ' ' } })).toBe('/messages/rules?domainname=*an*&status=ok');
  });

  it("links the overview's counts to every name ('*') with the filter, from page 1", () => {
    expect(filteredSearchHref({ status: 'ok' })).toBe('/registrations/search?domainname=*&page=1&status=ok');
    expect(filteredSearchHref({ expiresFrom: '2026-05-04', expiresTo: '2026-06-03' })).toBe(
      '/registrations/search?domainname=*&page=1&expiresFrom=2026-05-04&expiresTo=2026-06-03',
    );
    expect(filteredSearchHref({})).toBe('/registrations/search?domainname=*&page=1');
  });
});
