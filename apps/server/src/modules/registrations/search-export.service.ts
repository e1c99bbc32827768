import { searchExportFileName, type DomainSearchFilters } from '@registrar-panel/contract';
import type { WritesAndReads } from '../../db/database';
import type { CsvFile } from '../../lib/csv-file';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { domainReportHeader } from '../registrar/report.service';
import { filteredSearchPage } from './filtered-search.repository';
import { searchExportRecords } from './search-export.repository';
import { planSearch } from './search-pattern';
import { searchPage } from './search.repository';
import { filtersOf } from './search.service';

/**
 * Every registration of the caller's registrar that the search and its filters match (not only a
 * page), as a CSV stream in the domain report's columns. Counted first, with the search's own count,
 * for the progress bar; recorded in the registrar's history before the file is written.
 */
export async function exportSearch(
  { db, reads }: WritesAndReads,
  tld: string,
  user: SignedInUser,
  query: DomainSearchFilters & { ulabel: string },
): Promise<CsvFile> {
  const registrarHandle = user.registrarHandle;
  const plan = planSearch(query.ulabel, tld);
  const filters = filtersOf(query);
  const { total } = filters
    ? await filteredSearchPage(reads.db, { registrarHandle, plan, filters, checkpoint: null }, 0, 1)
    : await searchPage(reads.db, registrarHandle, plan, null, 0, 1);
  const fileName = searchExportFileName(registrarHandle, new Date());
  await recordAudit(db, user, 'download.searchExport', { fileName, ulabel: query.ulabel, filters: filters ?? {}, rows: total });
  return { fileName, recordCount: total, header: domainReportHeader, records: searchExportRecords(reads, registrarHandle, plan, filters ?? {}) };
}
