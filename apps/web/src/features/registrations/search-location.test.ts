import { describe, expect, it } from 'vitest';
import { registrationHref, searchHref, searchLocationOf } from './search-location';

describe('search location', () => {
  it('reads the term and the one-based page, page 1 when missing or odd', () => {
    expect(searchLocationOf(new URLSearchParams('domainname=bak*&page=3'))).toEqual({ term: 'bak*', page: 3 });
    expect(searchLocationOf(new URLSearchParams('domainname=bak*'))).toEqual({ term: 'bak*', page: 1 });
    expect(searchLocationOf(new URLSearchParams('domainname=x&page=-2'))).toEqual({ term: 'x', page: 1 });
    expect(searchLocationOf(new URLSearchParams('domainname=x&page=abc'))).toEqual({ term: 'x', page: 1 });
    expect(searchLocationOf(new URLSearchParams('page=2'))).toBeNull();
  });

  it('links back to the search and carries it on a registration link', () => {
    expect(searchHref({ term: 'café*', page: 2 })).toBe('/registrations/search?domainname=caf%C3%A9*&page=2');
    expect(registrationHref('café.be', { term: '*', page: 4 })).toBe('/registrations/registration/caf%C3%A9.be/view?domainname=*&page=4');
    expect(registrationHref('café.be', null)).toBe('/registrations/registration/caf%C3%A9.be/view');
  });
});
