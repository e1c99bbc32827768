import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { Progress } from '../../lib/progress';
import { RegistryGenerator, domainQuotas } from './generate';
import { snapshotLines } from './feed-lines';
import { loadRegistry } from './load';
import { generatorOptions, toGeneratorArguments } from './options';

/**
 * `npm run seed -- --domains N --registrars R [--seed S] [--today YYYY-MM-DD] [--out FILE]`: loads a
 * generated registry into the configured database (DATABASE_URL, else the embedded server in
 * DATA_DIR) through the feed importer, or with --out writes it as a feed snapshot (NDJSON) for
 * `npm run feed`.
 */
async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { ...generatorOptions, out: { type: 'string' } }, strict: true });
  const args = toGeneratorArguments(values, { domains: 10_000, registrars: 3 });
  const config = loadConfig();
  const plan = `${args.domains.toLocaleString('en')} domains for ${args.registrars} registrars (seed ${args.seed}, day ${new Date(args.today).toISOString().slice(0, 10)})`;
  const options = { seed: args.seed, quotas: domainQuotas(args.domains, args.registrars), today: args.today, tld: config.tld };
  if (values.out) {
    process.stderr.write(`Writing ${plan} as a feed snapshot to ${values.out}\n`);
    await writeSnapshot(values.out, new RegistryGenerator(options));
    return;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrations: 'refuse' });
  try {
    process.stderr.write(`Generating ${plan} into ${config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `the embedded PostgreSQL in ${config.dataDir}`}\n`);
    const summary = await loadRegistry(database, { ...options, progress: true });
    process.stderr.write(
      `Loaded ${summary.registrars} registrars, ${summary.contacts.toLocaleString('en')} contacts and ${summary.domains.toLocaleString('en')} domains in ${summary.seconds.toFixed(1)} s\n`,
    );
  } finally {
    await database.close();
  }
}

async function writeSnapshot(path: string, generator: RegistryGenerator): Promise<void> {
  const out = createWriteStream(path);
  const progress = new Progress('domains', generator.totalDomains);
  let buffered = '';
  for (const line of snapshotLines(generator)) {
    buffered += `${JSON.stringify(line)}\n`;
    if (line.type === 'domain') progress.advance(1);
    if (buffered.length > 1 << 20) {
      if (!out.write(buffered)) await once(out, 'drain');
      buffered = '';
    }
  }
  out.end(buffered);
  await once(out, 'finish');
  progress.finish();
}

main().catch((error: unknown) => {
  process.stderr.write(`\nseed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
