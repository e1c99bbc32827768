import type { PanelRole } from '@registrar-panel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authSession } from '../../../lib/auth';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { ApiKeysPage } from '../api-keys/components/api-keys-page';
import { UsersPage } from './users-page';

function signedInAs(roles: PanelRole[]) {
  authSession.set({
    user: { firstName: 'Sam', lastName: 'Port', username: 'support@acme', email: 'support@acme.example', registrarHandle: 'acme', roles },
    getAccessToken: () => Promise.resolve(undefined),
    signInAgain: () => Promise.resolve(),
    signedInAt: () => undefined,
    reauthenticate: () => Promise.resolve(),
    logout: () => Promise.resolve(),
  });
}

/** The notice as text, its links as `[text](href)`. */
function notice(node: ReactNode): string {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  const start = html.indexOf('data-testid="not-allowed"');
  expect(start).toBeGreaterThan(-1);
  return html
    .slice(start)
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g, '[$2]($1)')
    .replace(/<\/(p|li|h2)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/^[^>]*>/, '')
    .replaceAll('&#x27;', "'")
    .trim();
}

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('users');
});
afterEach(() => authSession.set(null));

describe('what the users pages say to a SUPPORT user', () => {
  it('User Management names the role that may use it, what SUPPORT can do instead and whom to ask', () => {
    signedInAs(['SUPPORT']);
    const text = notice(<UsersPage />);
    expect(text).toContain('It is open to users with the ADMIN role.');
    expect(text).toContain('With your role, SUPPORT, you can:');
    expect(text).toContain('To get access, ask an administrator of your registrar (a user with the ADMIN role)');
  });

  it('the API keys page does the same', () => {
    signedInAs(['SUPPORT']);
    const text = notice(<ApiKeysPage />);
    expect(text).toContain('It is open to users with the ADMIN role.');
    expect(text).toContain('With your role, SUPPORT, you can:');
    expect(text).toContain('To get access, ask an administrator of your registrar (a user with the ADMIN role)');
  });
});
