import type { PanelRole } from '@registrar-panel/contract';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authSession } from '../lib/auth';
import { initI18n } from '../lib/i18n';
import { NotAllowed, notAllowedGuide } from './not-allowed';

function signedInAs(roles: PanelRole[]) {
  authSession.set({
    user: { firstName: 'Fiona', lastName: 'Nance', username: 'finance@acme', email: 'finance@acme.example', registrarHandle: 'acme', roles },
    getAccessToken: () => Promise.resolve(undefined),
    signInAgain: () => Promise.resolve(),
    signedInAt: () => undefined,
    reauthenticate: () => Promise.resolve(),
    logout: () => Promise.resolve(),
  });
}

/** The notice as text, its links as `[text](href)`. */
function shown(node: ReactNode): string {
  const html = renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g, '[$2]($1)')
    .replace(/<\/(p|li|h2)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .trim();
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => authSession.set(null));

describe('what a page says to a role that cannot use it', () => {
  it("reads who may use it, what one's roles can do and who gives roles from the contract's role table", () => {
    expect(notAllowedGuide(['FINANCE'], 'readRegistrations')).toEqual({
      allowedRoles: ['SUPPORT', 'TECH', 'ADMIN'],
      yourCapabilities: ['readRegistrar', 'readBilling'],
      roleGivers: ['ADMIN'],
      mayGiveRoles: false,
    });
  });

  it('tells a FINANCE user what the role can do instead, with links, and whom to ask', () => {
    signedInAs(['FINANCE']);
    expect(shown(<NotAllowed title="You cannot manage EPP settings" text="Here the EPP settings are changed." capability="manageEpp" />)).toBe(
      [
        'You cannot manage EPP settings',
        'Here the EPP settings are changed. It is open to users with the TECH or ADMIN role.',
        'With your role, FINANCE, you can:',
        "[See the registrar's general data, public profile and transactions](/registrar/generalData)",
        '[See the billing lines of a month and download them as CSV](/registrar/billing)',
        'To get access, ask an administrator of your registrar (a user with the ADMIN role): they give users their roles in User Management.',
      ].join('\n'),
    );
  });

  it('names three roles as the portal writes lists, without a comma before "or"', () => {
    signedInAs(['TECH']);
    expect(shown(<NotAllowed title="You cannot see billing lines" text="Billing lines." capability="readBilling" />)).toContain(
      'Billing lines. It is open to users with the SUPPORT, FINANCE or ADMIN role.',
    );
  });

  it('tells an ADMIN, who gives roles, where to give one', () => {
    signedInAs(['ADMIN']);
    const text = shown(<NotAllowed title="You cannot download reports" text="Reports give a CSV file." capability="downloadDomainReport" />);
    expect(text).toContain('It is open to users with the SUPPORT or TECH role.');
    expect(text).toContain("You manage your registrar's users: a user with the SUPPORT or TECH role can use this page. [Go to User Management](/users)");
  });
});
