/*
 * `npm run recover-admin -- USERNAME`: how the registry recovers a registrar's ADMIN who lost their
 * second factors (authenticator app, passkeys), once it has checked who is asking. Their second
 * factors are removed and their sessions ended; the history shows it as done by the registry, and
 * the user is mailed (the running portal's mail relay sends it). Embedded identity service only:
 * with Keycloak, the registry does this in Keycloak's admin console.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { mailOutbox } from '../../mail/outbox';
import { recoverAdmin, RecoverAdminRefused } from './recover-admin';

const [username = ''] = process.argv.slice(2);
if (!username) {
  console.error('Usage: npm run recover-admin -- USERNAME   (e.g. npm run recover-admin -- admin@acme)');
  process.exit(2);
}

const config = loadConfig();
if (config.identity.mode !== 'embedded') {
  console.error("With Keycloak, remove the user's OTP and WebAuthn credentials in Keycloak's admin console.");
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrations: 'refuse' });
try {
  const outbox = mailOutbox({ retry: config.mailRetry, smtpTimeoutMs: config.smtpTimeoutMs });
  const { totpRemoved, passkeysRemoved } = await recoverAdmin({ db: database.db, outbox, config }, username);
  console.log(
    `${username}: ${totpRemoved ? 'authenticator app removed' : 'no authenticator app'}, ${passkeysRemoved} passkey(s) removed, sessions ended. ` +
      'They set up 2-step verification again at their next sign-in; the mail telling them is queued: the portal sends it.',
  );
} catch (error) {
  console.error(error instanceof RecoverAdminRefused || error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
