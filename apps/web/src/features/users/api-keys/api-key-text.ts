import { apiKeyScopes, brusselsYearMonth, type ApiKeyScope, type ApiKeyState } from '@registrar-panel/contract';
import type { TFunction } from '../../../lib/translator';
import { apiPath } from '../../../lib/api-client';

/** What a scope lets a key read, one line for the create dialog. */
export function scopeHelp(t: TFunction, scope: ApiKeyScope): string {
  return t(`users.apiKeys.scopeHelp.${scope}`);
}

/** 'Active', 'Expired' or 'Revoked'. */
export function stateLabel(t: TFunction, state: ApiKeyState): string {
  return t(`users.apiKeys.state.${state}`);
}

/** The path and query of a call a key with `scope` may make, for the example shown with a new secret (paths from the contract's map). */
function examplePath(scope: ApiKeyScope, registrarHandle: string, at: Date): string {
  switch (scope) {
    case 'registrations':
      return apiPath('searchRegistrations', { query: { ulabel: '*', size: 10 } });
    case 'billing': {
      // Last month's lines: the current month may still be empty at its start.
      const { year, month } = brusselsYearMonth(at);
      const last = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
      return apiPath('getBillingLines', { query: last });
    }
    case 'domainReport':
      return apiPath('downloadDomainReport', { params: { handle: registrarHandle } });
    case 'events':
      return apiPath('listEvents', { query: { after: 0 } });
  }
}

/**
 * A `curl` command that uses a new key on the first of its scopes (in the contract's order), so the
 * ADMIN can try it at once: the key as a bearer token, the report saved to a file.
 */
export function curlExample(origin: string, secret: string, scopes: readonly ApiKeyScope[], registrarHandle: string, at: Date = new Date()): string {
  const scope = apiKeyScopes.find((name) => scopes.includes(name)) ?? 'registrations';
  const output = scope === 'domainReport' ? ' -o domains.csv' : '';
  return `curl -H "Authorization: Bearer ${secret}" "${origin}${examplePath(scope, registrarHandle, at)}"${output}`;
}
