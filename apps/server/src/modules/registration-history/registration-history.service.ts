import { domainToUnicode } from 'node:url';
import {
  formatDateTime,
  momentInstant,
  portfolioChangesFileName,
  portfolioOnDateFileName,
  registrationHistoryLimits,
  type DomainSearchFilters,
  type PortfolioChange,
  type PortfolioChangeCountsResponse,
  type PortfolioChangesResponse,
  type PortfolioOnDateCountResponse,
  type PortfolioOnDateResponse,
  type PortfolioOnDateRow,
  type RegistrationHistoryChangeKind,
  type RegistrationTimelineResponse,
  type RegistrationVersionState,
} from '@registrar-panel/contract';
import type { Database, WritesAndReads } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { domainReportHeader } from '../registrar/report.service';
import { aLabelOf } from '../registrations/domain-name';
import { planSearch } from '../registrations/search-pattern';
import { filtersOf } from '../registrations/search.service';
import { changeRecords, portfolioRecords } from './registration-history-export.repository';
import {
  changeCounts,
  changeLineCount,
  changesPage,
  historyKnownFrom,
  portfolioCount,
  portfolioPage,
  timelineCount,
  timelinePage,
  type ChangeRow,
  type PortfolioQuery,
  type VersionRow,
} from './registration-history.repository';

/*
 * The registrations' past (issue 34): the caller's registrar's portfolio on a date, the changes
 * between two dates and one registration's timeline, read from the versions the importer keeps
 * (feed/registration-versions.ts). Every read is the caller's registrar's; a date before the past is
 * known is refused with the instant it is known from, never answered with an empty portfolio.
 */

export interface RegistrationHistoryDeps {
  database: WritesAndReads;
  tld: string;
}

const pageSize = registrationHistoryLimits.pageSize;

/** The instant a moment names, refused when it is before the known past. Returns it with the known past's start. */
async function knownInstant(reads: Database, ...moments: string[]): Promise<{ instants: Date[]; knownFrom: Date }> {
  const knownFrom = (await historyKnownFrom(reads.db)) ?? new Date();
  const instants = moments.map(momentInstant);
  if (instants.some((instant) => instant < knownFrom)) throw badRequest('registrationHistory.beforeKnownPast', { params: { date: formatDateTime(knownFrom) } });
  return { instants, knownFrom };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function presentRow(row: VersionRow): PortfolioOnDateRow {
  return {
    name: row.name,
    aLabel: row.aLabel,
    createdAt: row.createdAt.toISOString(),
    validFrom: row.validFrom.toISOString(),
    validTo: iso(row.validTo),
    state: row.state as unknown as RegistrationVersionState,
    registrantToday: row.registrantKnown ? { name: row.registrantName, email: row.registrantEmail } : null,
  };
}

type PortfolioInput = DomainSearchFilters & { at: string; ulabel?: string | undefined };

function portfolioQuery(deps: RegistrationHistoryDeps, user: SignedInUser, input: PortfolioInput, at: Date): PortfolioQuery {
  return {
    registrarHandle: user.registrarHandle,
    at,
    plan: input.ulabel === undefined ? null : planSearch(input.ulabel, deps.tld),
    filters: filtersOf(input) ?? {},
  };
}

/**
 * A page of the caller's registrar's portfolio at the moment asked, in name order. How many there
 * were is a request of its own (`getPortfolioOnDateCount`): a page stops after its rows, the count
 * tests every registration held then, so a filtered page shows at once and paging does not count again.
 */
export async function getPortfolioOnDate(
  deps: RegistrationHistoryDeps,
  user: SignedInUser,
  input: PortfolioInput & { page: number },
): Promise<PortfolioOnDateResponse> {
  const { reads } = deps.database;
  const { instants, knownFrom } = await knownInstant(reads, input.at);
  const at = instants[0]!;
  const rows = await portfolioPage(reads.db, portfolioQuery(deps, user, input, at), input.page * pageSize, pageSize);
  return { at: at.toISOString(), knownFrom: knownFrom.toISOString(), registrations: rows.map(presentRow), page: input.page, pageSize };
}

/** How many registrations the caller's registrar's portfolio held at the moment asked, as filtered. */
export async function getPortfolioOnDateCount(deps: RegistrationHistoryDeps, user: SignedInUser, input: PortfolioInput): Promise<PortfolioOnDateCountResponse> {
  const { reads } = deps.database;
  const { instants, knownFrom } = await knownInstant(reads, input.at);
  const at = instants[0]!;
  const total = await portfolioCount(reads.db, portfolioQuery(deps, user, input, at));
  return { at: at.toISOString(), knownFrom: knownFrom.toISOString(), total };
}

/** The portfolio at the moment as CSV in the domain report's columns, the download recorded in the history. */
export async function exportPortfolioOnDate(deps: RegistrationHistoryDeps, user: SignedInUser, input: PortfolioInput): Promise<CsvFile> {
  const { db, reads } = deps.database;
  const { instants } = await knownInstant(reads, input.at);
  const query = portfolioQuery(deps, user, input, instants[0]!);
  const rows = await portfolioCount(reads.db, query);
  const fileName = portfolioOnDateFileName(user.registrarHandle, new Date());
  await recordAudit(db, user, 'download.portfolioOnDate', {
    fileName,
    at: query.at.toISOString(),
    ...(input.ulabel === undefined ? {} : { ulabel: input.ulabel }),
    filters: query.filters,
    rows,
  });
  return { fileName, recordCount: rows, header: domainReportHeader, records: portfolioRecords(reads, query) };
}

function presentChange(row: ChangeRow): PortfolioChange {
  return { name: row.name, kind: row.kind, cause: row.cause, before: row.before, after: row.after };
}

/**
 * A page of one kind of change between the two moments. The counts are a request of their own
 * (`getPortfolioChangeCounts`): they compare every registration the range touched, while a page stops
 * after its rows, so the list shows at once and paging does not count again.
 */
export async function getPortfolioChanges(
  deps: RegistrationHistoryDeps,
  user: SignedInUser,
  input: { from: string; to: string; kind: RegistrationHistoryChangeKind; page: number },
): Promise<PortfolioChangesResponse> {
  const { reads } = deps.database;
  const { instants, knownFrom } = await knownInstant(reads, input.from, input.to);
  const [from, to] = instants as [Date, Date];
  const rows = await changesPage(reads.db, user.registrarHandle, from, to, input.kind, input.page * pageSize, pageSize);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    knownFrom: knownFrom.toISOString(),
    kind: input.kind,
    changes: rows.map(presentChange),
    page: input.page,
    pageSize,
  };
}

/** How many registrations were added, removed and changed between the two moments. */
export async function getPortfolioChangeCounts(
  deps: RegistrationHistoryDeps,
  user: SignedInUser,
  input: { from: string; to: string },
): Promise<PortfolioChangeCountsResponse> {
  const { reads } = deps.database;
  const { instants, knownFrom } = await knownInstant(reads, input.from, input.to);
  const [from, to] = instants as [Date, Date];
  const counts = await changeCounts(reads.db, user.registrarHandle, from, to);
  return { from: from.toISOString(), to: to.toISOString(), knownFrom: knownFrom.toISOString(), counts };
}

/** Every change between the two moments as CSV, one line per changed field, the download recorded in the history. */
export async function exportPortfolioChanges(deps: RegistrationHistoryDeps, user: SignedInUser, input: { from: string; to: string }): Promise<CsvFile> {
  const { db, reads } = deps.database;
  const { instants } = await knownInstant(reads, input.from, input.to);
  const [from, to] = instants as [Date, Date];
  const rows = await changeLineCount(reads.db, user.registrarHandle, from, to);
  const fileName = portfolioChangesFileName(user.registrarHandle, new Date());
  await recordAudit(db, user, 'download.portfolioChanges', { fileName, from: from.toISOString(), to: to.toISOString(), rows });
  return { fileName, recordCount: rows, header: changesCsvHeader, records: changeRecords(reads, user.registrarHandle, from, to) };
}

/** The changes file's columns: one line per changed field; an addition or removal is one line with its cause. */
export const changesCsvHeader = ['Domain name', 'Kind', 'Cause', 'Field', 'Before', 'After'] as const;

/** One registration's versions while the caller's registrar sponsored it, newest first; 404 when it has none. */
export async function getRegistrationTimeline(
  deps: RegistrationHistoryDeps,
  user: SignedInUser,
  domainName: string,
  page: number,
): Promise<RegistrationTimelineResponse> {
  const { reads } = deps.database;
  const aLabel = aLabelOf(domainName, deps.tld);
  if (aLabel === '') throw notFound();
  // Typed as a U-label or an A-label, in any case: the versions keep the canonical U-label.
  const uLabel = domainToUnicode(aLabel);
  const [rows, total, knownFrom] = await Promise.all([
    timelinePage(reads.db, user.registrarHandle, uLabel, page * pageSize, pageSize),
    timelineCount(reads.db, user.registrarHandle, uLabel),
    historyKnownFrom(reads.db),
  ]);
  if (total === 0) throw notFound();
  return {
    name: rows[0]?.name ?? uLabel,
    knownFrom: (knownFrom ?? new Date()).toISOString(),
    versions: rows.map((row) => ({
      validFrom: row.validFrom.toISOString(),
      validTo: iso(row.validTo),
      state: row.state as unknown as RegistrationVersionState,
    })),
    total,
    page,
    pageSize,
  };
}
