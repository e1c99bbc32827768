import { resolve } from 'node:path';

/** Everything the server reads from its environment, with the defaults the README lists. */
export interface Config {
  port: number;
  host: string;
  /** Address users reach the portal at; the identity service's issuer and mail links derive from it. */
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Demo mode loads demo registrars, users and data into an empty database and enables /dev/mail. */
  demoMode: boolean;
  tld: string;
  newsUrl: string;
  registrationGuidelinesUrl: string;
  supportEmail: string;
  identity: {
    mode: 'embedded' | 'keycloak';
    /** Base URL of the identity service; the realm lives at `{authUrl}/realms/{realm}`. */
    authUrl: string;
    realm: string;
    clientId: string;
  };
  /** 32-byte key (hex or base64) that encrypts TOTP secrets at rest. */
  totpEncryptionKey: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Where the built web app is; served with history fallback. */
  webDistDir: string;
}

/** Fixed, public key for demo mode only; production must set TOTP_ENCRYPTION_KEY (checked at start). */
const demoTotpKey = '6465-6d6f-2d6f-6e6c-79'.replace(/-/g, '').padEnd(64, '0');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoMode = env.DEMO_MODE === undefined ? !databaseUrl : env.DEMO_MODE === 'true';
  const mode = env.IDENTITY_MODE === 'keycloak' ? 'keycloak' : 'embedded';
  const totpEncryptionKey = env.TOTP_ENCRYPTION_KEY ?? (demoMode ? demoTotpKey : '');
  if (!totpEncryptionKey) throw new Error('TOTP_ENCRYPTION_KEY must be set outside demo mode');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demoMode,
    tld: env.TLD ?? 'be',
    newsUrl: env.NEWS_URL ?? 'https://www.registry.example/news',
    registrationGuidelinesUrl: env.REGISTRATION_GUIDELINES_URL ?? 'https://www.registry.example/registration-guidelines',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@registry.example',
    identity: {
      mode,
      authUrl: (env.OIDC_AUTH_URL ?? `${publicUrl}/auth`).replace(/\/$/, ''),
      realm: env.OIDC_REALM ?? 'registrar-panel',
      clientId: env.OIDC_CLIENT_ID ?? 'registrar-panel-web',
    },
    totpEncryptionKey,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Registrar Panel <no-reply@registry.example>',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}

export function issuerOf(config: Config): string {
  return `${config.identity.authUrl}/realms/${config.identity.realm}`;
}
