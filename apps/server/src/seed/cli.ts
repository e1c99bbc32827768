import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { RegistryGenerator, domainQuotas } from './generate';
import { registryLines, writeFeedFile } from './feed-lines';
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
    const generator = new RegistryGenerator(options);
    await writeFeedFile(values.out, registryLines(generator, options), {
      label: 'domains',
      total: generator.totalDomains,
      counts: (line) => line.type === 'domain',
    });
    return;
  }
  const database = await openDatabase({ databaseUrl: config.database.directUrl, dataDir: config.dataDir, migrations: 'refuse' });
  try {
    process.stderr.write(
      `Generating ${plan} into ${config.database.directUrl ? 'PostgreSQL at DATABASE_DIRECT_URL (DATABASE_URL unless set)' : `the embedded PostgreSQL in ${config.dataDir}`}\n`,
    );
    const summary = await loadRegistry(database, { ...options, progress: true });
    process.stderr.write(
      `Loaded ${summary.registrars} registrars, ${summary.contacts.toLocaleString('en')} contacts and ${summary.domains.toLocaleString('en')} domains in ${summary.seconds.toFixed(1)} s\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nseed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
