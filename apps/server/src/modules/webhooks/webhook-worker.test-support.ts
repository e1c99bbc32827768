import { openDatabase } from '../../db/database';
import { startJobQueue } from '../../jobs/job-queue';
import { startWebhookDelivery } from '../../jobs/webhook-delivery';
import { mailOutbox } from '../../mail/outbox';
import { defaultMailRetry } from '../../config';

/*
 * A webhook delivery worker in a process of its own, as an instance of the portal runs it
 * (jobs/background.ts), for the test that SIGKILLs it mid-delivery and for `npm run bench:webhooks`.
 * Run with `node --import tsx`; DATABASE_URL and TOTP_ENCRYPTION_KEY (the endpoints' secrets' key)
 * from the environment. Prints `ready` once it takes jobs.
 */

const databaseUrl = process.env.DATABASE_URL;
const key = process.env.TOTP_ENCRYPTION_KEY;
if (!databaseUrl || !key) throw new Error('DATABASE_URL and TOTP_ENCRYPTION_KEY are needed');

const database = await openDatabase({ databaseUrl, dataDir: '', migrations: 'ignore', poolSize: 8 });
const log = { error: (...args: unknown[]) => console.error(...args), warn: (...args: unknown[]) => console.error(...args) };
const boss = await startJobQueue({
  pool: database.pool,
  onError: (error) => console.error(error),
  retention: { archiveCompletedAfterSeconds: 3600, deleteAfterDays: 1 },
});
await startWebhookDelivery({
  boss,
  deps: {
    db: database.db,
    config: { totpEncryptionKey: key, webhooksAllowHttpLoopback: true, publicUrl: 'http://portal.test', supportEmail: 'support@registry.example', tld: 'be' },
    directory: { listUsers: async () => [] },
    outbox: mailOutbox({ retry: defaultMailRetry, smtpTimeoutMs: 10_000 }),
    log,
  },
  log,
  pollingIntervalSeconds: 0.5,
});
console.log('ready');
