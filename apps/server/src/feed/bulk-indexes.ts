import type { PoolClient } from 'pg';
import { bulkTables } from './bulk-rows';

/*
 * The first and last phases of a bulk snapshot: the keys, indexes and search and facet triggers of
 * the bulk tables are set aside while COPY loads them, and built once at the end, which is far
 * faster than keeping them up to date row by row.
 */

/** Registration search's copy of the names, filled in one pass after the domains are in. */
export const searchTable = 'domain_names';
/** The portfolio's facets (migration 0010), filled in one pass with their counts likewise. */
export const facetTable = 'domain_facets';
/** Tables whose triggers keep the derived tables in step; off while COPY loads them. */
const followedTables = ['domains', 'domain_statuses'];

export interface SavedDefinitions {
  constraints: { table: string; name: string; definition: string; kind: string }[];
  indexes: { name: string; definition: string }[];
}

/** Turns the triggers of the followed tables off or on again, in the caller's transaction. */
export async function setFollowingTriggers(client: PoolClient, on: boolean): Promise<void> {
  for (const table of followedTables) await client.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
}

/** Saves, then drops, the keys and indexes of the bulk tables (and foreign keys pointing at them). */
export async function dropIndexes(client: PoolClient): Promise<SavedDefinitions> {
  const tables = [...bulkTables, searchTable, facetTable];
  const { rows: constraints } = await client.query<SavedDefinitions['constraints'][number]>(
    `SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition, c.contype AS kind
       FROM pg_constraint c
      WHERE c.contype IN ('p', 'u', 'f')
        AND (c.conrelid::regclass::text = ANY($1) OR (c.contype = 'f' AND c.confrelid::regclass::text = ANY($1)))`,
    [tables],
  );
  const { rows: indexes } = await client.query<SavedDefinitions['indexes'][number]>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid::regclass::text = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u'))`,
    [tables],
  );
  for (const c of constraints.filter((c) => c.kind === 'f')) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  for (const c of constraints.filter((c) => c.kind !== 'f')) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  return { constraints, indexes };
}

export async function restoreIndexes(client: PoolClient, saved: SavedDefinitions): Promise<void> {
  // GIN and btree indexes build far faster with memory to sort in.
  await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
  for (const c of saved.constraints.filter((c) => c.kind !== 'f')) await client.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.definition}`);
  for (const index of saved.indexes) await client.query(index.definition);
  for (const c of saved.constraints.filter((c) => c.kind === 'f')) await client.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.definition}`);
}
