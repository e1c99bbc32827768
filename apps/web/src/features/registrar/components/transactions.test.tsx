import type { ProtectedTransactions } from '@registrar-panel/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { protectedTransactionsKey } from '../../../lib/protected-transactions';
import { Transactions } from './transactions';

/** The Transactions tab as it shows a counter (the unit runs in Node: the server renderer needs no DOM), as text. */
function shown(transactionsInPeriod: number, threshold: number): string {
  const client = new QueryClient();
  const data: ProtectedTransactions = {
    transactionsInPeriod,
    threshold,
    isThresholdReached: threshold > 0 && transactionsInPeriod >= threshold,
    endDate: '2026-07-01T00:00:00Z',
  };
  client.setQueryData(protectedTransactionsKey, data);
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Transactions />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const warning = 'Close to the threshold';
const blocked = 'No protected transactions allowed until 2026/07/01 02:00:00 CEST';

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('registrar');
});

describe('the Transactions tab', () => {
  it('shows the counter and the threshold, without a warning at 79 %', () => {
    const text = shown(79, 100);
    expect(text).toContain('Current number of transactions 79');
    expect(text).toContain('Threshold 100');
    expect(text).not.toContain(warning);
    expect(text).not.toContain('Reset date');
  });

  it('warns from 80 % of the threshold, before the reset date row appears', () => {
    const text = shown(80, 100);
    expect(text).toContain(
      `${warning} 80 of 100 protected transactions used (80 %). Once the threshold is reached, no protected transactions are allowed until 2026/07/01 02:00:00 CEST.`,
    );
    expect(text).not.toContain('Reset date');
  });

  it("at the threshold shows the spec's reset date row instead of the warning", () => {
    const text = shown(100, 100);
    expect(text).toContain(`Reset date ${blocked}`);
    expect(text).not.toContain(warning);
  });

  it('never warns nor blocks with a threshold of 0', () => {
    const text = shown(40, 0);
    expect(text).not.toContain(warning);
    expect(text).not.toContain('Reset date');
  });
});
