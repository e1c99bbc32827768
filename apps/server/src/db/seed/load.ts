import type { Database } from '../database';
import { addBillingEvent, addContact, addDomain, bulkColumns, bulkTables, emptyChunks, type CsvChunks } from './csv';
import { RegistryGenerator, type GenerateOptions } from './generate';
import { openBulkSession, type BulkSession } from './bulk-session';
import { Progress } from './progress';

export interface LoadOptions extends Omit<GenerateOptions, 'firstDomainId'> {
  /** Show a progress bar on stderr. */
  progress?: boolean;
  /**
   * From this many domains on, indexes and keys of the bulk tables are dropped before loading and
   * rebuilt after (much faster than maintaining them row by row, and all inside the transaction).
   */
  rebuildIndexesFrom?: number;
}

export interface LoadSummary {
  registrars: number;
  contacts: number;
  domains: number;
  seconds: number;
}

const batchSize = 10_000;

/** Registration search's copy of the names: filled in one pass after the domains are in (migration 0004). */
const searchTable = 'domain_names';

interface SavedDefinitions {
  constraints: { table: string; name: string; definition: string; kind: string }[];
  indexes: { name: string; definition: string }[];
}

/** Saves, then drops, the keys and indexes of the bulk tables (and foreign keys pointing at them). */
async function dropIndexes(session: BulkSession): Promise<SavedDefinitions> {
  const tables = [...bulkTables, searchTable];
  const constraints = await session.query<{ table: string; name: string; definition: string; kind: string }>(
    `SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition, c.contype AS kind
       FROM pg_constraint c
      WHERE c.contype IN ('p', 'u', 'f')
        AND (c.conrelid::regclass::text = ANY($1) OR (c.contype = 'f' AND c.confrelid::regclass::text = ANY($1)))`,
    [tables],
  );
  const indexes = await session.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid::regclass::text = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u'))`,
    [tables],
  );
  for (const c of constraints.filter((c) => c.kind === 'f')) await session.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  for (const index of indexes) await session.query(`DROP INDEX ${index.name}`);
  for (const c of constraints.filter((c) => c.kind !== 'f')) await session.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);
  return { constraints, indexes };
}

async function restoreIndexes(session: BulkSession, saved: SavedDefinitions): Promise<void> {
  // GIN trigram indexes build far faster with memory to sort in.
  await session.query(`SET LOCAL maintenance_work_mem = '1GB'`);
  for (const c of saved.constraints.filter((c) => c.kind !== 'f')) await session.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.definition}`);
  for (const index of saved.indexes) await session.query(index.definition);
  for (const c of saved.constraints.filter((c) => c.kind === 'f')) await session.query(`ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.definition}`);
}

async function copyChunks(session: BulkSession, chunks: CsvChunks): Promise<void> {
  for (const table of bulkTables) {
    const rows = chunks[table];
    if (rows.length > 0) await session.copy(table, bulkColumns[table], rows.join(''));
  }
}

/**
 * Loads a generated registry (registrars, contacts, domains and everything attached to them) in one
 * transaction. The registry tables must be empty: generated names and handles would clash otherwise.
 */
export async function loadRegistry(database: Database, options: LoadOptions): Promise<LoadSummary> {
  const started = Date.now();
  const session = await openBulkSession(database);
  try {
    const [{ count } = { count: 0 }] = await session.query<{ count: number }>('SELECT count(*)::int AS count FROM domains');
    if (count > 0) throw new Error('the database already holds domains: generate into an empty database (a new DATA_DIR or database)');
    const generator = new RegistryGenerator(options);
    const taken = await session.query<{ handle: string }>('SELECT handle FROM registrars WHERE handle = ANY($1)', [generator.registrars.map((r) => r.handle)]);
    if (taken.length > 0) throw new Error(`registrar ${taken[0]!.handle} exists already: generate into an empty database`);

    await session.query('BEGIN');
    for (const r of generator.registrars) {
      await session.query(
        `INSERT INTO registrars (handle, iana_id, status, created_at, activated_at, main_contact, public_contact, tech_contact, admin_contact, abuse_contact,
                                 protected_tx_threshold, protected_tx_count, protected_tx_period_end)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          r.handle,
          r.ianaId,
          r.status,
          r.createdAt,
          r.activatedAt,
          JSON.stringify(r.mainContact),
          JSON.stringify(r.publicContact),
          JSON.stringify(r.techContact),
          JSON.stringify(r.adminContact),
          JSON.stringify(r.abuseContact),
          r.protectedTxThreshold,
          r.protectedTxCount,
          r.protectedTxPeriodEnd,
        ],
      );
    }
    // Row by row, the search copy of each name would cost dozens of writes: it is filled once at the end.
    await session.query('ALTER TABLE domains DISABLE TRIGGER domain_names_follow_domains');
    const rebuild = generator.totalDomains >= (options.rebuildIndexesFrom ?? 20_000);
    const saved = rebuild ? await dropIndexes(session) : null;

    const contactProgress = options.progress ? new Progress('contacts', generator.totalContacts) : null;
    for (const contacts of generator.contactBatches(batchSize * 2)) {
      const chunks = emptyChunks();
      contacts.forEach((c) => addContact(chunks, c));
      await copyChunks(session, chunks);
      contactProgress?.advance(contacts.length);
    }

    // Generating the next batch overlaps with the server storing the previous one.
    const domainProgress = options.progress ? new Progress('domains ', generator.totalDomains) : null;
    let pending: Promise<void> = Promise.resolve();
    for (const batch of generator.domainBatches(batchSize)) {
      const chunks = emptyChunks();
      batch.domains.forEach((d) => addDomain(chunks, d));
      batch.billingEvents.forEach((e) => addBillingEvent(chunks, e));
      await pending;
      pending = copyChunks(session, chunks).then(() => domainProgress?.advance(batch.domains.length));
    }
    await pending;

    await session.query(`SELECT setval(pg_get_serial_sequence('domains', 'id'), (SELECT coalesce(max(id), 1) FROM domains))`);
    const refill = () => session.query('SELECT domain_names_refill()');
    await (options.progress ? Progress.step('filling the search names', refill) : refill());
    await session.query('ALTER TABLE domains ENABLE TRIGGER domain_names_follow_domains');
    if (saved) {
      const restore = () => restoreIndexes(session, saved);
      await (options.progress ? Progress.step('building indexes and keys', restore) : restore());
    }
    await session.query('COMMIT');
    const analyse = async () => {
      for (const table of ['registrars', ...bulkTables, searchTable, 'domain_name_token_counts']) await session.query(`VACUUM ANALYZE ${table}`);
    };
    await (options.progress ? Progress.step('analysing', analyse) : analyse());
    return {
      registrars: generator.registrars.length,
      contacts: generator.totalContacts,
      domains: generator.totalDomains,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await session.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    session.release();
  }
}
