import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { ForecastTable } from './forecast-table';
import { ProtectedTransactionsGauge } from './protected-transactions-gauge';

/** What a piece shows, as HTML (the unit runs in Node: the server renderer needs no DOM), and as text. */
const html = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const forecast = [
  { month: '2026-05', expiring: 1204 },
  { month: '2026-06', expiring: 0 },
  { month: '2026-07', expiring: 37 },
];

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('registrations');
});

describe("the forecast's table", () => {
  it('holds the same numbers as the chart, by English month name, with the total', () => {
    const markup = html(<ForecastTable forecast={forecast} today="2026-05-17" />);
    const rows = [...markup.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) => text(row[1] ?? ''));
    expect(rows).toEqual([
      'Month Expiring',
      'May 2026 May 2026 , 1,204 registrations',
      'June 2026 June 2026 , 0 registrations',
      'July 2026 July 2026 , 37 registrations',
      'Total 1,241',
    ]);
    expect(markup).toContain('<caption class="visually-hidden">Registrations expiring per month</caption>');
  });

  it("links each month's count to the search for its expiries, a month without any not at all", () => {
    const markup = html(<ForecastTable forecast={forecast} today="2026-05-17" />);
    const links = [...markup.matchAll(/<a [^>]*href="([^"]+)"/g)].map((link) => link[1]?.replaceAll('&amp;', '&'));
    expect(links).toEqual([
      '/registrations/search?domainname=*&page=1&expiresFrom=2026-05-17&expiresTo=2026-05-31',
      '/registrations/search?domainname=*&page=1&expiresFrom=2026-07-01&expiresTo=2026-07-31',
    ]);
  });
});

describe('the protected transactions gauge', () => {
  const gauge = (transactionsInPeriod: number, threshold: number) =>
    html(
      <ProtectedTransactionsGauge
        data={{ transactionsInPeriod, threshold, isThresholdReached: threshold > 0 && transactionsInPeriod >= threshold, endDate: '2026-07-01T00:00:00Z' }}
      />,
    );

  it('shows the count against the threshold in words and as a meter', () => {
    const markup = gauge(42, 100);
    expect(text(markup)).toContain('42 of 100 protected transactions used');
    expect(markup).toMatch(
      /role="meter" aria-label="Protected transactions" aria-valuemin="0" aria-valuemax="100" aria-valuenow="42" aria-valuetext="42 of 100 protected transactions used"/,
    );
    expect(markup).not.toContain('Close to the threshold');
  });

  it('warns from 80 % (not at 79 %), and at 100 % says until when none are allowed', () => {
    expect(text(gauge(79, 100))).not.toContain('Close to the threshold');
    expect(text(gauge(80, 100))).toContain(
      'Close to the threshold Once the threshold is reached, no protected transactions are allowed until 2026/07/01 02:00:00 CEST.',
    );
    const reached = text(gauge(100, 100));
    expect(reached).not.toContain('Close to the threshold');
    expect(reached).toContain('Threshold reached No protected transactions allowed until 2026/07/01 02:00:00 CEST');
  });

  it('says there is no limit instead of a gauge when the threshold is 0', () => {
    const markup = gauge(12, 0);
    expect(text(markup)).toContain('12 protected transactions this period. Your registrar has no threshold: no limit applies.');
    expect(markup).not.toContain('role="meter"');
  });
});
