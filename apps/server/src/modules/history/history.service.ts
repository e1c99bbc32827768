import { auditActionsOfKind, can, formatFileTimestamp, historyCsvFileName, limits, type HistoryFilter, type HistoryResponse } from '@registrar-panel/contract';
import type { Db, WritesAndReads } from '../../db/database';
import { forbidden } from '../../errors';
import { csvRecord } from '../../lib/csv';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { brusselsOffsetMinutes, isoInBrussels } from '../../lib/brussels-time';
import { presentHistoryEntry } from './history-entry.presenter';
import { countHistory, historyAfter, historyPage, type HistoryCursor, type HistoryRow, type HistoryScope } from './history.repository';

/** Matches counted at most: the pages a user can reach. */
const countCap = limits.historyPageSize * limits.historyMaxPages;
/** Rows per query while the CSV is written. */
const csvBatchRows = 2_000;

/** The moment a Brussels calendar day (`YYYY-MM-DD`) starts, plus `days` days. */
function brusselsDayStart(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date + days);
  // Brussels never changes its offset around midnight: the offset at UTC midnight is the one at local midnight.
  return new Date(utcMidnight - brusselsOffsetMinutes(utcMidnight) * 60_000);
}

/**
 * The filter as rows to read, always within the caller's registrar. A username without `@` is one
 * of the caller's registrar. Sign-ins of an account nobody has were once recorded lower-cased with
 * the name typed (now as `@handle`, without it), so that form is matched as well while such rows last.
 */
export function scopeOf(user: SignedInUser, filter: HistoryFilter): HistoryScope {
  const mayReadPersonalData = can(user.roles, 'readPersonalDataLog');
  // Only ADMIN users see the personal-data log, or may ask for it; everyone else's history is as before.
  if (filter.kind === 'personalData' && !mayReadPersonalData) throw forbidden();
  const username = filter.user === undefined ? undefined : filter.user.includes('@') ? filter.user : `${filter.user}@${user.registrarHandle}`;
  return {
    registrarHandle: user.registrarHandle,
    usernames: username === undefined ? undefined : [...new Set([username, username.toLowerCase()])],
    actions: filter.kind === undefined ? undefined : auditActionsOfKind(filter.kind),
    signIns: filter.kind === undefined || filter.kind === 'signIn',
    personalData: mayReadPersonalData && (filter.kind === undefined || filter.kind === 'personalData'),
    from: filter.from === undefined ? undefined : brusselsDayStart(filter.from),
    before: filter.to === undefined ? undefined : brusselsDayStart(filter.to, 1),
  };
}

/** One page of the caller's registrar's history, newest first (ADMIN and SUPPORT; the personal-data log for ADMIN only). */
export async function getHistory(db: Db, user: SignedInUser, filter: HistoryFilter, page: number): Promise<HistoryResponse> {
  const scope = scopeOf(user, filter);
  const [rows, counted] = await Promise.all([
    historyPage(db, scope, (page - 1) * limits.historyPageSize, limits.historyPageSize),
    countHistory(db, scope, countCap),
  ]);
  const total = Math.min(counted, countCap);
  return {
    entries: rows.map(presentHistoryEntry),
    page,
    total,
    totalCapped: counted > countCap,
    pageCount: Math.max(1, Math.ceil(total / limits.historyPageSize)),
  };
}

/** Column order of the history CSV (docs/decisions.md); do not reorder. */
export const historyCsvHeader = ['Time', 'User', 'Action', 'Details', 'IP address'] as const;

async function* csvRecords(db: Db, scope: HistoryScope): AsyncGenerator<string> {
  let cursor: HistoryCursor | undefined;
  for (;;) {
    const rows = await historyAfter(db, scope, cursor, csvBatchRows);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      // The personal-data log's details as the page gets them (with the call's route); the others as stored.
      const shown = row.source === 'p' ? presentHistoryEntry(row).details : row.details;
      const details = Object.keys(shown).length === 0 ? '' : JSON.stringify(shown);
      chunk += csvRecord([isoInBrussels(row.at), row.username, row.action, details, row.ip]);
    }
    yield chunk;
    if (rows.length < csvBatchRows) return;
    const last = rows[rows.length - 1] as HistoryRow;
    cursor = { atMicros: last.atMicros, source: last.source, id: last.id };
  }
}

/**
 * Every entry matching the filter as CSV, newest first, times in Brussels. The download is itself
 * recorded, with its filter, before the file is written (a download that fails half way was asked for).
 */
export async function getHistoryCsv({ db, reads }: WritesAndReads, user: SignedInUser, filter: HistoryFilter): Promise<CsvFile> {
  const scope = scopeOf(user, filter);
  const fileName = historyCsvFileName(user.registrarHandle, formatFileTimestamp(new Date()));
  await recordAudit(db, user, 'download.historyExport', { fileName, filter: { ...filter } });
  return { fileName, header: historyCsvHeader, records: csvRecords(reads.db, scope) };
}
