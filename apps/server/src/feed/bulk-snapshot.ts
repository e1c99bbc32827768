import type { PoolClient } from 'pg';
import type { Reject } from './check';
import type { ParsedLine } from './format';
import { bulkTables } from './bulk-rows';
import { dropIndexes, facetTable, restoreIndexes, searchTable, setFollowingTriggers, type SavedDefinitions } from './bulk-indexes';
import { loadSnapshotLines, type LoadContext } from './bulk-load';
import type { SnapshotContents } from './bulk-checks';
import { recordPosition } from './position';
import { openSnapshotVersions } from './registration-versions';

/*
 * A snapshot into a database that holds no registry data yet: the whole snapshot is one
 * transaction (all or nothing), rows go in with COPY while the keys, indexes and search and facet
 * triggers are off, and the derived tables are filled and the indexes built once at the end.
 * Phases: set aside the keys (bulk-indexes.ts), load the lines (bulk-load.ts), build what follows
 * the rows and commit, then analyse.
 */

/** A long single step (search names, indexes), for the progress display. */
export type BulkStep = <T>(label: string, run: () => Promise<T>) => Promise<T>;

export interface BulkContext extends LoadContext {
  step: BulkStep;
}

export type BulkOutcome =
  /** Committed; `endSeq` is the end line's sequence number, now the position. */
  | { kind: 'loaded'; applied: number; endSeq: number }
  /** Strict mode met a bad line: nothing of the snapshot was applied. */
  | { kind: 'stopped'; reject: Reject }
  /** The lines ended before the snapshot's end line (a cut file): nothing of it was applied. */
  | { kind: 'cut' };

/** Whether the database holds no registry data: then a snapshot may take the bulk path. */
export async function registryIsEmpty(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM domains) AND NOT EXISTS (SELECT 1 FROM contacts) AND NOT EXISTS (SELECT 1 FROM billing_events) AS empty`,
  );
  return rows[0]?.empty ?? false;
}

/** Applies the lines after a snapshot's `begin` up to its `end`, in one transaction, then analyses the tables. */
export async function applySnapshotInBulk(client: PoolClient, lines: AsyncIterator<ParsedLine>, context: BulkContext): Promise<BulkOutcome> {
  const outcome = await loadInOneTransaction(client, lines, context);
  if (outcome.kind === 'loaded') await context.step('analysing', () => analyse(client));
  return outcome;
}

async function loadInOneTransaction(client: PoolClient, lines: AsyncIterator<ParsedLine>, context: BulkContext): Promise<BulkOutcome> {
  // The registrations' first versions start when the snapshot does (registration-versions.ts).
  const at = new Date();
  await client.query('BEGIN');
  try {
    await setFollowingTriggers(client, false);
    const saved = await dropIndexes(client);
    const loaded = await loadSnapshotLines(client, lines, context);
    if (loaded.kind !== 'loaded') {
      await client.query('ROLLBACK');
      return loaded;
    }
    await buildWhatFollowsTheRows(client, loaded.contents, saved, context.step);
    await context.step("opening the registrations' versions", () => openSnapshotVersions(client, at));
    await recordPosition(client, loaded.endSeq);
    await client.query('COMMIT');
    return { kind: 'loaded', applied: loaded.applied, endSeq: loaded.endSeq };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The id sequences, the derived tables and the indexes, each built once now that every row is in. */
async function buildWhatFollowsTheRows(client: PoolClient, contents: SnapshotContents, saved: SavedDefinitions, step: BulkStep): Promise<void> {
  for (const table of contents.tablesWithIds()) {
    await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
  }
  await step('filling the search names', () => client.query('SELECT domain_names_refill()'));
  await step('filling the portfolio facets and counts', () => client.query('SELECT domain_facets_refill()'));
  await setFollowingTriggers(client, true);
  await step('building indexes and keys', () => restoreIndexes(client, saved));
}

/** Fresh statistics for the planner: the tables went from empty to full in one transaction. */
async function analyse(client: PoolClient): Promise<void> {
  for (const table of [
    'registrars',
    ...bulkTables,
    searchTable,
    'domain_name_token_counts',
    facetTable,
    'registrar_facet_counts',
    'registrar_expiry_counts',
    'registration_versions',
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
}
