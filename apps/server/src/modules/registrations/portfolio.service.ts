import {
  brusselsDay,
  expiringSoonDays,
  forecastFileName,
  forecastMonths,
  gracePeriodFilterValues,
  lifecycleOrder,
  registrationLabels,
  type PortfolioOverview,
} from '@registrar-panel/contract';
import type { Db, WritesAndReads } from '../../db/database';
import { csvRecord } from '../../lib/csv';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { facetKey } from '../../db/facets';
import { readExpiryDays, readFacetCounts } from './portfolio.repository';

/** A calendar day `days` after `day` (both `YYYY-MM-DD`). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The `count` months from the one `day` falls in, as `YYYY-MM`. */
function monthsFrom(day: string, count: number): string[] {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month + i, 1)).toISOString().slice(0, 7));
}

/** The last day of a `YYYY-MM` month. */
function lastDayOf(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
}

/**
 * The caller's registrar's portfolio, counted: read from the counts the database maintains (a few
 * dozen facet rows and at most a year of expiry days), never from the registrations themselves.
 * Today and the months are Brussels'.
 */
export async function getPortfolioOverview(db: Db, user: SignedInUser, now = new Date()): Promise<PortfolioOverview> {
  const today = brusselsDay(now);
  const months = monthsFrom(today, forecastMonths);
  const [counts, days] = await Promise.all([
    readFacetCounts(db, user.registrarHandle),
    readExpiryDays(db, user.registrarHandle, today, lastDayOf(months[months.length - 1]!)),
  ]);
  const count = (key: string) => counts.get(key) ?? 0;
  const expiring = (from: string, until: string) => days.filter((d) => d.day >= from && d.day <= until).reduce((sum, d) => sum + d.registrations, 0);
  return {
    total: count(facetKey.all),
    byLifecycle: Object.fromEntries(lifecycleOrder.map((status) => [status, count(facetKey.lifecycle(status))])) as PortfolioOverview['byLifecycle'],
    byLabel: Object.fromEntries(registrationLabels.map((label) => [label, count(facetKey.label(label))])) as PortfolioOverview['byLabel'],
    byGracePeriod: Object.fromEntries(
      gracePeriodFilterValues.map((state) => [state, count(facetKey.gracePeriod(state))]),
    ) as PortfolioOverview['byGracePeriod'],
    idn: count(facetKey.idn),
    forecast: months.map((month) => ({ month, expiring: expiring(month === today.slice(0, 7) ? today : `${month}-01`, lastDayOf(month)) })),
    expiringSoon: expiringSoonDays.map((n) => {
      const until = addDays(today, n);
      return { days: n, from: today, until, expiring: expiring(today, until) };
    }),
    asOf: now.toISOString(),
  };
}

/** The renewal forecast as CSV (Month, Expiring), recorded in the registrar's history as a download. */
export async function getForecastCsv({ db, reads }: WritesAndReads, user: SignedInUser, now = new Date()): Promise<CsvFile> {
  const { forecast } = await getPortfolioOverview(reads.db, user, now);
  const fileName = forecastFileName(user.registrarHandle, now);
  await recordAudit(db, user, 'download.forecast', { fileName, months: forecast.length, from: forecast[0]?.month });
  return {
    fileName,
    recordCount: forecast.length,
    header: ['Month', 'Expiring'],
    records: forecast.map((entry) => csvRecord([entry.month, entry.expiring])),
  };
}
