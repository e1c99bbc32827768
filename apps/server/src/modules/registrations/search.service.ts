import { domainSearchFilterNames, type DomainSearchFilters, type DomainSearchResponse, type DomainSearchResult } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { asRgpStatus, presentStatuses } from './domain-statuses';
import { filteredSearchPage } from './filtered-search.repository';
import { planSearch } from './search-pattern';
import { hasSponsoredSince, searchPage, searchRows, type SearchRow } from './search.repository';

export interface SearchRequest extends DomainSearchFilters {
  registrarHandle: string;
  ulabel: string;
  page: number;
  size: number;
  checkpoint?: string | undefined;
}

/** The filters of a request, only those given; none means the spec's name search. */
export function filtersOf(request: DomainSearchFilters): DomainSearchFilters | null {
  const given = domainSearchFilterNames.filter((name) => request[name] !== undefined);
  return given.length === 0 ? null : Object.fromEntries(given.map((name) => [name, request[name]]));
}

function present(row: SearchRow): DomainSearchResult {
  return {
    uLabel: row.uLabel,
    aLabel: row.aLabel,
    created: row.created,
    expired: row.expires,
    rgpStatus: asRgpStatus(row.rgpStatus),
    statuses: presentStatuses(row.statuses),
    registrant: row.registrantHandle === null ? null : { handle: row.registrantHandle, name: row.registrantName, email: row.registrantEmail },
  };
}

/**
 * Searches the registrar's own registrations, by name and, when given, by the portfolio's filters
 * (combined with AND). Pages are counted from a checkpoint: registrations the
 * registrar gained after it (created or transferred in) stay out, so later pages do not shift. The
 * extra condition is only added when such registrations exist, which one index probe tells.
 */
export async function searchDomains(db: Db, tld: string, request: SearchRequest): Promise<DomainSearchResponse> {
  const plan = planSearch(request.ulabel, tld);
  const checkpoint = request.checkpoint ? new Date(request.checkpoint) : new Date();
  const changed = request.checkpoint ? await hasSponsoredSince(db, request.registrarHandle, checkpoint) : false;
  const filters = filtersOf(request);
  const since = changed ? checkpoint : null;
  const offset = request.page * request.size;
  const page = filters
    ? await filteredSearchPage(db, { registrarHandle: request.registrarHandle, plan, filters, checkpoint: since }, offset, request.size)
    : await searchPage(db, request.registrarHandle, plan, since, offset, request.size);
  const rows = await searchRows(db, page.ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const results = page.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [present(row)] : [];
  });
  return { results, totalResults: page.total, checkpoint: checkpoint.toISOString() };
}
