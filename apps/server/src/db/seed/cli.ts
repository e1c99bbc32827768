import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { domainQuotas } from './generate';
import { loadRegistry } from './load';
import { parseGeneratorArguments } from './options';

/**
 * `npm run seed -- --domains N --registrars R [--seed S] [--today YYYY-MM-DD]`: loads a generated
 * registry into the configured database (DATABASE_URL, else the embedded server in DATA_DIR).
 */
async function main() {
  const args = parseGeneratorArguments(process.argv.slice(2), { domains: 10_000, registrars: 3 });
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrations: 'refuse' });
  try {
    process.stderr.write(
      `Generating ${args.domains.toLocaleString('en')} domains for ${args.registrars} registrars (seed ${args.seed}, day ${new Date(args.today).toISOString().slice(0, 10)}) into ${config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `the embedded PostgreSQL in ${config.dataDir}`}\n`,
    );
    const summary = await loadRegistry(database, {
      seed: args.seed,
      quotas: domainQuotas(args.domains, args.registrars),
      today: args.today,
      tld: config.tld,
      progress: true,
    });
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
