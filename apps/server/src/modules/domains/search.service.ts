import type { DomainSearchResponse, DomainSearchResult } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { asRgpStatus, presentStatuses } from './domain-statuses';
import { planSearch } from './search-pattern';
import { hasSponsoredSince, searchPage, searchRows, type SearchRow } from './search.repository';

export interface SearchRequest {
  registrarHandle: string;
  ulabel: string;
  page: number;
  size: number;
  checkpoint?: string | undefined;
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
 * Searches the registrar's own registrations. Pages are counted from a checkpoint: registrations the
 * registrar gained after it (created or transferred in) stay out, so later pages do not shift. The
 * extra condition is only added when such registrations exist, which one index probe tells.
 */
export async function searchDomains(db: Db, tld: string, request: SearchRequest): Promise<DomainSearchResponse> {
  const plan = planSearch(request.ulabel, tld);
  const checkpoint = request.checkpoint ? new Date(request.checkpoint) : new Date();
  const changed = request.checkpoint ? await hasSponsoredSince(db, request.registrarHandle, checkpoint) : false;
  const page = await searchPage(db, request.registrarHandle, plan, changed ? checkpoint : null, request.page * request.size, request.size);
  const rows = await searchRows(db, page.ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const results = page.ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [present(row)] : [];
  });
  return { results, totalResults: page.total, checkpoint: checkpoint.toISOString() };
}
