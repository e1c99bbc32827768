import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { portalChangesAfter } from './portal-changes';

/**
 * `npm run feed:changes -- [--after SEQ] [--limit N]`: the changes registrar staff made in the
 * portal (registrar contacts, EPP addresses, the EPP password's hash) after SEQ, oldest first, as
 * NDJSON on standard output, for the registry's systems to apply (docs/registry-feed.md).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { after: { type: 'string', default: '0' }, limit: { type: 'string', default: '10000' } },
  });
  const after = Number(values.after);
  const limit = Number(values.limit);
  if (!Number.isInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1)
    throw new Error('--after must be a whole number from 0 on and --limit one above 0');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.database.directUrl, dataDir: config.dataDir, migrations: 'refuse' });
  try {
    const lines = await portalChangesAfter(database.db, after, limit);
    process.stdout.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    process.stderr.write(
      `${lines.length} portal change${lines.length === 1 ? '' : 's'} after ${after}${lines.length === limit ? ` (more may follow: ask again with --after ${lines.at(-1)?.seq})` : ''}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`feed:changes failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
