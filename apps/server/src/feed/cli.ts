import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { Progress } from '../lib/progress';
import { defaultBatchSize, importFeed } from './importer';
import { readFeedLines } from './read-lines';

const usage = 'usage: npm run feed -- <file.ndjson | -> [--strict] [--rejects FILE] [--batch N]';

/**
 * `npm run feed -- <file|->`: applies a snapshot or a change set of the registry's feed
 * (docs/registry-feed.md) to the configured database. Rejected lines go to a rejects file (one JSON
 * object a line: line, seq, reason). Exit status: 0 all applied, 3 applied with rejected lines, 1 stopped.
 */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { strict: { type: 'boolean', default: false }, rejects: { type: 'string' }, batch: { type: 'string' } },
  });
  const source = positionals[0];
  if (positionals.length !== 1 || source === undefined) {
    process.stderr.write(`${usage}\n`);
    return 1;
  }
  const batchSize = values.batch === undefined ? defaultBatchSize : Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    process.stderr.write(`--batch must be a whole number above 0\n${usage}\n`);
    return 1;
  }
  const fromStdin = source === '-';
  const rejectsPath = values.rejects ?? (fromStdin ? `feed-rejects-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson` : `${source}.rejects.ndjson`);
  const input = fromStdin ? process.stdin : createReadStream(source);
  // A file's size gives a percentage; standard input only a count.
  const progress = new Progress('feed', fromStdin ? 0 : statSync(source).size, process.stderr, fromStdin ? 'lines' : 'bytes');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.database.directUrl, dataDir: config.dataDir, migrations: 'refuse' });
  let rejects: ReturnType<typeof createWriteStream> | null = null;
  try {
    const summary = await importFeed(
      database,
      readFeedLines(input, {
        onBytes: fromStdin ? undefined : (bytes) => progress.advance(bytes),
        maxLineBytes: config.feedMaxLineBytes,
      }),
      {
        tld: config.tld,
        strict: values.strict,
        batchSize,
        onLine: fromStdin ? () => progress.advance(1) : undefined,
        onReject: (reject) => {
          rejects ??= createWriteStream(rejectsPath);
          rejects.write(`${JSON.stringify(reject)}\n`);
        },
        step: (label, run) => Progress.step(label, run),
        eppEventsRetentionDays: config.retention.eppEventsDays,
        messagesRetentionDays: config.retention.messagesDays,
      },
    );
    progress.finish();
    const rejected = summary.rejected > 0 ? `, ${summary.rejected.toLocaleString('en')} rejected (${rejectsPath})` : '';
    process.stderr.write(
      `${summary.mode === 'bulk' ? 'Snapshot loaded into the empty database' : 'Changes applied'}: ${summary.lines.toLocaleString('en')} lines, ` +
        `${summary.applied.toLocaleString('en')} applied, ${summary.skipped.toLocaleString('en')} already applied before${rejected}; ` +
        `position ${summary.position} after ${summary.seconds.toFixed(1)} s\n`,
    );
    for (const kept of summary.keptPortalChanges) {
      process.stderr.write(`kept the portal's ${kept.fields.join(', ')} of registrar ${kept.registrar}: the line predates a change made in the portal\n`);
    }
    if (summary.stoppedAt) {
      process.stderr.write(`stopped (--strict) at line ${summary.stoppedAt.line}: ${summary.stoppedAt.reason}; nothing of that batch was applied\n`);
      return 1;
    }
    return summary.rejected > 0 ? 3 : 0;
  } finally {
    await new Promise<void>((resolve) => (rejects ? rejects.end(resolve) : resolve()));
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`\nfeed failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
