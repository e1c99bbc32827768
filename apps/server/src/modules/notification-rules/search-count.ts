import type { SavedSearch } from '@registrar-panel/contract';
import type { Db } from '../../db/database';
import { searchDomains } from '../registrations/search.service';

/** A saved search's count for its registrar, as the search page would show it now. */
export async function countSavedSearch(db: Db, tld: string, registrarHandle: string, search: SavedSearch): Promise<number> {
  const { ulabel, ...filters } = search;
  const answer = await searchDomains(db, tld, { registrarHandle, ulabel, page: 0, size: 1, ...filters });
  return answer.totalResults;
}
