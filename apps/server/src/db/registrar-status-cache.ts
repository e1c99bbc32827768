import type { ChangeNotices } from './change-notices';
import type { Db } from './database';
import { findRegistrarStatus } from './registrar-status';
import { toldCache } from './told-cache';

/*
 * Registrars' statuses kept in memory by each instance, so that a signed-in read sends its own
 * statement only (issue 36), without giving up the rule that a registrar the registry blocks is
 * refused at its users' next request, on every instance of a fleet: migration 0030's triggers tell
 * each change of a status at its commit (change-notices.ts), and nothing is kept while the instance
 * cannot be told. docs/decisions.md, "Registrar statuses cached, told by LISTEN/NOTIFY".
 */

export interface RegistrarStatusCache {
  /** The registrar's status: from memory while this instance is told of changes and knows it, else from the database. */
  statusOf(handle: string): Promise<string | undefined>;
}

export function registrarStatusCache(db: Db, notices: ChangeNotices): RegistrarStatusCache {
  const statuses = toldCache<string>(notices, 'registrar_status');
  // No such registrar is not kept (`undefined`): the services answer 404 for it, and a token names few of those.
  return { statusOf: (handle) => statuses.get(handle, () => findRegistrarStatus(db, handle)) };
}
