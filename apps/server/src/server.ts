import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { startBackgroundWork } from './jobs/background';

/** Starts the portal on one port: the API, the identity service, the config file and the built web app. */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A setting the portal refuses (demo mode on a public address, a missing key): one clear line, no stack.
  console.error(`Registrar Panel cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.database.poolSize,
  statementTimeoutMs: config.database.statementTimeoutMs,
  // A server a crashed portal left running on the embedded cluster is this portal's now.
  adoptEmbedded: true,
  log: (message) => console.log(message),
});
const app = await buildApp({ config, database });
if (config.demoMode) {
  // Loaded here only: the demo generator is a chunk of its own that a production start never reads.
  const { seedDemo } = await import('./db/seed/demo');
  await seedDemo(app);
}
// The mail relay and the retention job, on the job queue every instance shares.
const background = await startBackgroundWork(app);

// Not ready first, so that the proxy stops sending work (after SHUTDOWN_DELAY, its check interval);
// then finish requests in flight and the mails being sent, and close the database. A second signal
// or 25 s more forces the exit.
closeWithGrace({ delay: config.shutdownDelayMs + 25_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  app.lifecycle.shuttingDown = true;
  if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  await app.close();
  await background.stop();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info({ url: config.publicUrl, database: config.databaseUrl ? 'server' : 'embedded', demoMode: config.demoMode }, 'Registrar Panel is ready');
