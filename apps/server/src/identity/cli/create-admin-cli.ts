/*
 * `npm run create-admin -- USERNAME "Full Name" EMAIL`: how the registry creates the first ADMIN
 * user of a registrar (after that, the registrar's ADMIN creates its other users in the portal).
 * The activation mail (12 hours, single use) is queued with the user; a running portal's mail relay
 * sends it (through SMTP_URL, or into the demo's mailbox).
 */
import { registrarHandleOf } from '@registrar-panel/contract';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { registrars } from '../../db/schema';
import { mailOutbox } from '../../mail/outbox';
import { databaseUserDirectory } from '../directory/database-user-directory';

const [username = '', name = '', email = ''] = process.argv.slice(2);
if (!username || !name || !email) {
  console.error('Usage: npm run create-admin -- USERNAME "Full Name" EMAIL   (e.g. npm run create-admin -- admin@acme "Alice Admin" alice@acme.example)');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.database.directUrl, dataDir: config.dataDir, migrations: 'refuse' });
try {
  const registrarHandle = registrarHandleOf(username);
  const [registrar] = await database.db.select({ handle: registrars.handle }).from(registrars).where(eq(registrars.handle, registrarHandle));
  if (!registrar) throw new Error(`No registrar "${registrarHandle}": the username must be name@{registrar handle}.`);
  const directory = databaseUserDirectory({
    db: database.db,
    outbox: mailOutbox({ retry: config.mailRetry, smtpTimeoutMs: config.smtpTimeoutMs }),
    config,
  });
  if (await directory.findUser(username)) throw new Error(`${username} exists already.`);
  await directory.createUser({ username, registrarHandle, name, email, roles: ['ADMIN'] });
  console.log(`Created ${username} (ADMIN); the activation mail to ${email} is queued: the portal sends it.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
