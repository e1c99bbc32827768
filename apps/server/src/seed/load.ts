import type { Database } from '../db/database';
import { importFeed, type FeedSummary } from '../feed/importer';
import { feedLinesOf } from '../feed/read-lines';
import { Progress } from '../lib/progress';
import { RegistryGenerator, type GenerateOptions } from './generate';
import { registryLines } from './feed-lines';

export interface LoadOptions extends Omit<GenerateOptions, 'firstDomainId'> {
  /** Show a progress bar on stderr. */
  progress?: boolean;
  /** The certificate fingerprint a registrar's generated connections present (the demo's certificate on file), by handle. */
  primaryFingerprints?: Readonly<Record<string, string>>;
}

export interface LoadSummary {
  registrars: number;
  contacts: number;
  domains: number;
  seconds: number;
  feed: FeedSummary;
}

/**
 * Loads a generated registry through the registry feed's importer, as one snapshot: the path a
 * registry's own data takes. The registry tables must be empty: a snapshot into a database with
 * data would replace it, which a generator must never do.
 */
export async function loadRegistry(database: Database, options: LoadOptions): Promise<LoadSummary> {
  const { rows } = await database.pool.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM domains) OR EXISTS (SELECT 1 FROM contacts) AS found');
  if (rows[0]?.found) throw new Error('the database already holds domains: generate into an empty database (a new DATA_DIR or database)');
  const generator = new RegistryGenerator(options);
  const taken = await database.pool.query<{ handle: string }>('SELECT handle FROM registrars WHERE handle = ANY($1)', [
    generator.registrars.map((r) => r.handle),
  ]);
  if (taken.rows.length > 0) throw new Error(`registrar ${taken.rows[0]!.handle} exists already: generate into an empty database`);
  const progress = options.progress ? new Progress('domains', generator.totalDomains) : null;
  const feed = await importFeed(database, feedLinesOf(registryLines(generator, options)), {
    tld: options.tld,
    strict: true,
    onLine: progress ? (line) => 'change' in line && line.change.type === 'domain' && progress.advance(1) : undefined,
    step: options.progress ? (label, run) => Progress.step(label, run) : undefined,
  });
  if (feed.stoppedAt) throw new Error(`the generated feed was refused at line ${feed.stoppedAt.line}: ${feed.stoppedAt.reason}`);
  return { registrars: generator.registrars.length, contacts: generator.totalContacts, domains: generator.totalDomains, seconds: feed.seconds, feed };
}
