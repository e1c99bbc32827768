import type { PoolClient } from 'pg';
import { addBillingEvent, addContact, addDomain, addTransfer, bulkColumns, bulkTables, emptyChunks, type CsvChunks } from './bulk-rows';
import { copyCsv } from './bulk-session';
import { duplicateIn, nameProblem, type Reject } from './check';
import { applyBatch } from './apply';
import type { ParsedLine } from './format';
import { LargeSet } from '../lib/large-set';

/*
 * A snapshot into a database that holds no registry data yet: the whole snapshot is one
 * transaction (all or nothing), rows go in with COPY while the keys, indexes and search and facet
 * triggers are off, and the derived tables are filled and the indexes built once at the end.
 */

/** Registration search's copy of the names, filled in one pass after the domains are in. */
const searchTable = 'domain_names';
/** The portfolio's facets (migration 0010), filled in one pass with their counts likewise. */
const facetTable = 'domain_facets';
/** Tables whose triggers keep the derived tables in step; off while COPY loads them. */
const followedTables = ['domains', 'domain_statuses'];

interface SavedDefinitions {
  constraints: { table: string; name: string; definition: string; kind: string }[];
  indexes: { name: string; definition: string }[];
}

/** Saves, then drops, the keys and indexes of the bulk tables (and foreign keys pointing at them). */
async function dropIndexes(client: PoolClient): Promise<SavedDefinitions> {
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

async function restoreIndexes(client: PoolClient, saved: SavedDefinitions): Promise<void> {
  // GIN and btree indexes build far faster with memory to sort in.
  await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
  for (const c of saved.constraints.filter((c) => c.kind !== 'f')) await client.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.definition}`);
  for (const index of saved.indexes) await client.query(index.definition);
  for (const c of saved.constraints.filter((c) => c.kind === 'f')) await client.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.definition}`);
}

async function copyChunks(client: PoolClient, chunks: CsvChunks): Promise<void> {
  for (const table of bulkTables) {
    const rows = chunks[table];
    if (rows.length > 0) await copyCsv(client, table, bulkColumns[table], rows.join(''));
  }
}

/** Whether the database holds no registry data: then a snapshot may take the bulk path. */
export async function registryIsEmpty(client: PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM domains) AND NOT EXISTS (SELECT 1 FROM contacts) AND NOT EXISTS (SELECT 1 FROM billing_events) AS empty`,
  );
  return rows[0]?.empty ?? false;
}

export interface BulkContext {
  tld: string;
  strict: boolean;
  /** Registrar handles the database holds; learns the snapshot's. */
  registrars: Set<string>;
  reject(reject: Reject): void;
  /** Called for every line the snapshot consumed (progress). */
  consumed(line: ParsedLine): void;
  /** Named steps after the rows are in (search names, indexes), for the progress display. */
  step<T>(label: string, run: () => Promise<T>): Promise<T>;
  /** The sequence number of the snapshot's `begin` line. */
  beginSeq: number;
  /** Writes the feed position inside the snapshot's transaction. */
  recordPosition(client: PoolClient, seq: number): Promise<void>;
}

export class StrictStop extends Error {
  constructor(readonly reject: Reject) {
    super(`line ${reject.line}${reject.seq === null ? '' : ` (seq ${reject.seq})`}: ${reject.reason}`);
  }
}

/** Rows gathered before they are sent: big enough for COPY to be efficient, small enough to overlap. */
const chunkRows = 40_000;

/**
 * Applies the lines after a snapshot's `begin` up to its `end`, in one transaction. A snapshot
 * without its end line (a cut file) applies nothing. Returns the end line's sequence number.
 */
export async function applySnapshotInBulk(
  client: PoolClient,
  lines: AsyncIterator<ParsedLine>,
  context: BulkContext,
): Promise<{ applied: number; endSeq: number }> {
  // Every key seen, to refuse duplicates: more than one Set can hold in a large registry.
  const contacts = new LargeSet<string>();
  const domainIds = new LargeSet<number>();
  const names = new LargeSet<string>();
  const transferIds = new LargeSet<number>();
  const billingIds = new LargeSet<number>();
  let applied = 0;
  let lastSeq = context.beginSeq;
  const refuse = (line: number, seq: number | null, reason: string) => {
    const reject = { line, seq, reason };
    if (context.strict) throw new StrictStop(reject);
    context.reject(reject);
  };

  await client.query('BEGIN');
  for (const table of followedTables) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  const saved = await dropIndexes(client);
  let chunks = emptyChunks();
  let rowsInChunk = 0;
  // Checking and formatting the next chunk overlaps with the server storing the previous one.
  let pending: Promise<void> = Promise.resolve();
  const flush = async () => {
    const ready = chunks;
    chunks = emptyChunks();
    rowsInChunk = 0;
    await pending;
    pending = copyChunks(client, ready);
    // Awaited at the next flush; until then a failure must not count as unhandled (it would end the process).
    pending.catch(() => undefined);
  };

  for (;;) {
    const next = await lines.next();
    if (next.done) throw new SnapshotCut();
    const item = next.value;
    context.consumed(item);
    if ('error' in item) {
      refuse(item.line, item.seq, item.error);
      continue;
    }
    const { change } = item;
    if (change.seq <= lastSeq) {
      refuse(item.line, change.seq, `out of order: sequence ${change.seq} after ${lastSeq}`);
      continue;
    }
    lastSeq = change.seq;
    if (change.type === 'snapshot') {
      if (change.op === 'begin') {
        refuse(item.line, change.seq, 'a snapshot cannot begin inside another');
        continue;
      }
      break;
    }
    if (change.op === 'delete') {
      refuse(item.line, change.seq, 'a snapshot lists what exists; it deletes nothing');
      continue;
    }
    switch (change.type) {
      case 'registrar':
        // The connection may be in the middle of a COPY: one statement at a time on it.
        await pending;
        await applyBatch(client, [{ line: item.line, change }]);
        context.registrars.add(change.data.handle);
        break;
      case 'protectedTransactions':
        if (!context.registrars.has(change.data.registrar)) {
          refuse(item.line, change.seq, `unknown registrar "${change.data.registrar}"`);
          continue;
        }
        await pending;
        await applyBatch(client, [{ line: item.line, change }]);
        break;
      case 'contact':
        if (!context.registrars.has(change.data.registrar)) {
          refuse(item.line, change.seq, `unknown registrar "${change.data.registrar}"`);
          continue;
        }
        if (contacts.has(change.data.handle)) {
          refuse(item.line, change.seq, `duplicate key: contact "${change.data.handle}" is already in this snapshot`);
          continue;
        }
        contacts.add(change.data.handle);
        addContact(chunks, change.data);
        break;
      case 'domain': {
        const d = change.data;
        const problem =
          nameProblem(d, context.tld) ??
          duplicateIn(d) ??
          (domainIds.has(d.id) ? `duplicate key: registration ${d.id} is already in this snapshot` : null) ??
          (names.has(d.aLabel) ? `duplicate name: "${d.name}" is already in this snapshot` : null) ??
          (!context.registrars.has(d.registrar) ? `unknown registrar "${d.registrar}"` : null) ??
          (!contacts.has(d.registrant) ? `missing registrant: contact "${d.registrant}" is not in the snapshot` : null) ??
          d.contacts.map((c) => (contacts.has(c.handle) ? null : `${c.role} contact "${c.handle}" is not in the snapshot`)).find((p) => p !== null) ??
          null;
        if (problem) {
          refuse(item.line, change.seq, problem);
          continue;
        }
        domainIds.add(d.id);
        names.add(d.aLabel);
        addDomain(chunks, d);
        break;
      }
      case 'transfer': {
        const t = change.data;
        const problem =
          (transferIds.has(t.id) ? `duplicate key: transfer ${t.id} is already in this snapshot` : null) ??
          (!domainIds.has(t.domain) ? `unknown registration ${t.domain}` : null) ??
          (!context.registrars.has(t.gaining) ? `unknown registrar "${t.gaining}"` : null) ??
          (!context.registrars.has(t.losing) ? `unknown registrar "${t.losing}"` : null);
        if (problem) {
          refuse(item.line, change.seq, problem);
          continue;
        }
        transferIds.add(t.id);
        addTransfer(chunks, t);
        break;
      }
      case 'billingEvent': {
        const e = change.data;
        const problem =
          (billingIds.has(e.id) ? `duplicate key: billing event ${e.id} is already in this snapshot` : null) ??
          (!context.registrars.has(e.registrar) ? `unknown registrar "${e.registrar}"` : null);
        if (problem) {
          refuse(item.line, change.seq, problem);
          continue;
        }
        billingIds.add(e.id);
        addBillingEvent(chunks, e);
        break;
      }
    }
    applied++;
    if (++rowsInChunk >= chunkRows) await flush();
  }
  await flush();
  await pending;

  for (const [table, ids] of [
    ['domains', domainIds],
    ['transfers', transferIds],
    ['billing_events', billingIds],
  ] as const) {
    if (ids.size > 0) await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
  }
  await context.step('filling the search names', () => client.query('SELECT domain_names_refill()'));
  await context.step('filling the portfolio facets and counts', () => client.query('SELECT domain_facets_refill()'));
  for (const table of followedTables) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  await context.step('building indexes and keys', () => restoreIndexes(client, saved));
  await context.recordPosition(client, lastSeq);
  await client.query('COMMIT');
  await context.step('analysing', async () => {
    for (const table of ['registrars', ...bulkTables, searchTable, 'domain_name_token_counts', facetTable, 'registrar_facet_counts', 'registrar_expiry_counts'])
      await client.query(`VACUUM ANALYZE ${table}`);
  });
  return { applied, endSeq: lastSeq };
}

export class SnapshotCut extends Error {
  constructor() {
    super('the snapshot ended without its "end" line: nothing of it was applied');
  }
}
