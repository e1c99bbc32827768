import type { EppPasswordLife, PanelRole } from '@registrar-panel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authSession, type AuthSession } from '../../../lib/auth';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { eppKeys } from '../api/query-keys';
import { PasswordSection } from './password-section';

/* The EPP password's section of the security page as each role sees it (server renderer, no DOM). */

const day = 86_400_000;
const life = (changes: Partial<EppPasswordLife>): EppPasswordLife => ({
  set: true,
  changedAt: new Date(Date.now() - 3 * day).toISOString(),
  changedBy: 'tess@acme',
  maxAgeDays: 365,
  tooOld: false,
  ...changes,
});

function shown(roles: PanelRole[], answer: EppPasswordLife): string {
  authSession.set({
    user: { username: 'ann@acme', firstName: 'Ann', lastName: 'A', email: 'a@acme.be', registrarHandle: 'acme', roles },
  } as unknown as AuthSession);
  const client = new QueryClient();
  client.setQueryData(eppKeys.passwordLife(), answer);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PasswordSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('epp');
});
afterEach(() => authSession.set(null));

describe("the EPP password's section", () => {
  it('says when (Brussels time) and by whom the password was last changed, and the policy', () => {
    const markup = shown(['TECH'], life({ changedAt: '2026-07-01T10:00:00.000Z' }));
    expect(markup).toContain('1 Jul 2026 12:00 CEST');
    expect(markup).toContain('tess@acme');
    expect(markup).toContain('The registry asks for a new EPP password at least every 365 days.');
    expect(markup).not.toContain('older than');
  });

  it('warns once the password is older than the policy, and names the registry when it set the password', () => {
    const markup = shown(['TECH'], life({ tooOld: true, changedBy: null, changedAt: new Date(Date.now() - 400 * day).toISOString() }));
    expect(markup).toContain('400 days ago');
    expect(markup).toContain('This EPP password is older than the registry&#x27;s policy of 365 days.');
    expect(markup).toContain('The registry');
  });

  it('offers the reset link to an ADMIN only, and only once a password is set', () => {
    expect(shown(['ADMIN'], life({}))).toContain('Request a reset link');
    expect(shown(['TECH'], life({}))).not.toContain('Request a reset link');
    const none = shown(['ADMIN'], life({ set: false, changedAt: null, changedBy: null }));
    expect(none).toContain('No EPP password is set yet');
    expect(none).not.toContain('Request a reset link');
  });
});
