import { openApiDocument } from '@registrar-panel/contract/api';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { groupOperations } from '../reference-model';
import { OperationCard } from './operation-card';
import { OperationDetails } from './operation-details';

/** What a card shows, as HTML (the unit runs in Node: the server renderer needs no DOM), and as text. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const document = openApiDocument({ serverUrl: 'https://portal.example/services', tld: 'be', version: '1.0.0' });
const entries = groupOperations(document).flatMap((group) => group.operations);
const entryOf = (operationId: string) => {
  const entry = entries.find((candidate) => candidate.operation.operationId === operationId);
  if (!entry) throw new Error(`no operation ${operationId}`);
  return entry;
};
const card = (operationId: string) => renderToStaticMarkup(<OperationCard document={document} entry={entryOf(operationId)} />);
/** What the card's folded part shows once opened (the card draws it at the first opening; e2e/api-reference.e2e.ts clicks it open). */
const opened = (operationId: string) => renderToStaticMarkup(<OperationDetails document={document} operation={entryOf(operationId).operation} />);

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('api-reference');
});

describe('an operation card', () => {
  it('shows the search with its method, path, scope for API keys and roles, folded details and a curl call with a key', () => {
    const markup = card('searchRegistrations');
    expect(markup).toContain(
      '<h3 id="searchRegistrations-title" class="h6 api-operation-title"><span class="api-method api-method-get">GET</span><code class="api-path">/domains/search</code></h3>',
    );
    expect(text(markup)).toContain('API keys: registrations');
    expect(text(markup)).toContain('Who may call it: SUPPORT, TECH, ADMIN');
    // Folded, and not drawn until opened.
    expect(markup).toMatch(/<details class="api-operation-details mt-3"><summary>Parameters, answers and an example<\/summary><\/details>/);
    expect(text(opened('searchRegistrations'))).toContain('curl --fail-with-body \\ -H "Authorization: Bearer $RP_API_KEY"');
  });

  it("lists each status with its message keys, and the data's fields", () => {
    const markup = opened('searchRegistrations');
    const row = /<tr data-status="400">(.*?)<\/tr>/.exec(markup)?.[1] ?? '';
    expect(text(row)).toContain('search.domain.name.invalid');
    expect(text(markup)).toContain('results[].aLabel');
  });

  it('says when no API key may call an operation, and who may', () => {
    const markup = text(card('createUser'));
    expect(markup).toContain('Not for API keys');
    expect(markup).toContain('Who may call it: ADMIN');
    const details = text(opened('createUser'));
    expect(details).toContain('Request body (JSON)');
    expect(details).toContain('users.usernameTaken');
  });

  it('says the document itself needs no token', () => {
    expect(text(card('getOpenApiDocument'))).toContain('Who may call it: No token needed');
  });
});
