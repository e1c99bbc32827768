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
  // Migrations at start past any pooler: they hold a session (docs/decisions.md, "Behind PgBouncer").
  directUrl: config.database.directUrl,
  pooler: config.database.pooler,
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
  const { seedDemo } = await import('./seed/demo');
  await seedDemo(app);
}
// The mail relay and the retention job, on the job queue every instance shares.
const background = await startBackgroundWork(app);

// Not ready first, so that the proxy stops sending work (after SHUTDOWN_DELAY, its check interval);
// then stop taking connections, finish the requests in flight (up to SHUTDOWN_TIMEOUT, then their
// connections are closed) and the mails being sent, close the database and stop the embedded
// PostgreSQL (a fast shutdown: its next start needs no recovery), and exit 0.
const closing = closeWithGrace(
  // SIGINT and SIGTERM are handled below; this bound catches a close that hangs (say, a database that does not answer).
  { delay: config.shutdownDelayMs + config.shutdownTimeoutMs + 30_000, skip: ['SIGINT', 'SIGTERM'] },
  async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    app.lifecycle.shuttingDown = true;
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    const cut = setTimeout(() => {
      app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'requests still running at SHUTDOWN_TIMEOUT: closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await app.close();
    clearTimeout(cut);
    await background.stop();
    await database.close();
  },
);

/**
 * Ctrl-C in a terminal signals the whole process group, and `npm start` and scripts/start.mjs pass
 * the signal on too: the server gets the same stop request two or three times at once. Only a
 * signal that comes later than this (a person asking again) stops it without finishing.
 */
const sameStopWindowMs = 2_000;
let stopRequestedAt: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopRequestedAt === undefined) {
      stopRequestedAt = Date.now();
      app.log.info({ signal }, 'stopping: finishing the requests in flight');
      void closing.close();
    } else if (Date.now() - stopRequestedAt > sameStopWindowMs) {
      app.log.error({ signal }, 'stopped again while stopping: exiting without finishing');
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info({ url: config.publicUrl, database: config.databaseUrl ? 'server' : 'embedded', demoMode: config.demoMode }, 'Registrar Panel is ready');
