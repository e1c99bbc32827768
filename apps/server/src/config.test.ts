import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, variablesSchema } from './config';

const base = { DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' };

describe('configuration', () => {
  it('stops at a typo, naming the variable and what it expects', () => {
    expect(() => loadConfig({ ...base, IDENTITY_MODE: 'keycloack' })).toThrow('IDENTITY_MODE must be one of embedded, keycloak, not "keycloack"');
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow('PORT must be a port number from 1 to 65535, not "eighty"');
    expect(() => loadConfig({ ...base, PORT: '70000' })).toThrow('PORT must be a port number');
    expect(() => loadConfig({ ...base, DEMO_MODE: 'yes' })).toThrow('DEMO_MODE must be one of true, false, not "yes"');
    expect(() => loadConfig({ ...base, LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000, not "0"');
  });

  it('reads every variable through the one schema: a request limit and the TLD are refused like the rest', () => {
    expect(() => loadConfig({ ...base, RATE_LIMIT_SIGN_IN_PER_IP: 'lots' })).toThrow(
      'RATE_LIMIT_SIGN_IN_PER_IP must be COUNT/WINDOW (e.g. 30/15m, 600/1m, 5/1h) or off',
    );
    expect(loadConfig({ ...base, RATE_LIMIT_SIGN_IN_PER_IP: 'off' }).rateLimits.signInPerIp).toBeNull();
    expect(loadConfig({ ...base, RATE_LIMIT_SIGN_IN_PER_IP: '5/1m' }).rateLimits.signInPerIp).toEqual({ max: 5, windowMs: 60_000 });
    expect(() => loadConfig({ ...base, TLD: '.be' })).toThrow('TLD must be a top-level domain without its dot, such as be, not ".be"');
    expect(loadConfig({ ...base, TLD: 'vlaanderen' }).tld).toBe('vlaanderen');
  });

  it('lists every refused variable at once', () => {
    expect(() => loadConfig({ ...base, PORT: 'x', SMTP_TIMEOUT: 'soon' })).toThrow(/^PORT must be .*; SMTP_TIMEOUT must be milliseconds/);
  });

  it('names a refused secret or connection string without repeating it', () => {
    const attempt = () => loadConfig({ ...base, DATABASE_URL: 'mysql://app:hunter2@db/panel', TOTP_ENCRYPTION_KEY: 'short-secret' });
    expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ connection string; TOTP_ENCRYPTION_KEY must be 32 bytes/);
    expect(attempt).not.toThrow(/hunter2|short-secret/);
  });

  it('takes a METRICS_TOKEN of at least 32 characters, and names a shorter one without repeating it', () => {
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'too-short-token' })).toThrow(/^METRICS_TOKEN must be at least 32 printable characters/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'too-short-token' })).not.toThrow(/too-short-token/);
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
  });

  it('needs the directory client secret when Keycloak is the identity service', () => {
    expect(() => loadConfig({ ...base, IDENTITY_MODE: 'keycloak' })).toThrow(/OIDC_DIRECTORY_CLIENT_SECRET/);
    expect(loadConfig({ ...base, IDENTITY_MODE: 'keycloak', OIDC_DIRECTORY_CLIENT_SECRET: 's' }).identity.directoryClient).toEqual({
      clientId: 'registrar-panel-directory',
      clientSecret: 's',
    });
  });

  it('reads the pool size, statement timeout and SMTP timeout, with defaults', () => {
    expect(loadConfig(base)).toMatchObject({ database: { poolSize: 10, statementTimeoutMs: 0 }, smtpTimeoutMs: 10_000 });
    const set = loadConfig({ ...base, DATABASE_POOL_SIZE: '25', DATABASE_STATEMENT_TIMEOUT: '30000', SMTP_TIMEOUT: '5000', PORT: '' });
    expect(set).toMatchObject({ port: 8080, database: { poolSize: 25, statementTimeoutMs: 30_000 }, smtpTimeoutMs: 5_000 });
  });

  it('reads the replicas, the direct address and the pooler; each needs DATABASE_URL, and the pooler no demo', () => {
    const server = { ...base, DATABASE_URL: 'postgres://portal@db:6432/rp', TOTP_ENCRYPTION_KEY: '00'.repeat(32) };
    expect(loadConfig(server).database).toMatchObject({ directUrl: server.DATABASE_URL, pooler: 'none', replicaUrls: [], replicaMaxLagSeconds: 30 });
    const full = loadConfig({
      ...server,
      DATABASE_DIRECT_URL: 'postgres://portal@db:5432/rp',
      DATABASE_POOLER: 'transaction',
      DATABASE_REPLICA_URLS: 'postgres://portal@r1:5432/rp, postgres://portal@r2:5432/rp',
      DATABASE_REPLICA_MAX_LAG: '10',
    });
    expect(full.database).toMatchObject({
      directUrl: 'postgres://portal@db:5432/rp',
      pooler: 'transaction',
      replicaUrls: ['postgres://portal@r1:5432/rp', 'postgres://portal@r2:5432/rp'],
      replicaMaxLagSeconds: 10,
    });
    expect(() => loadConfig({ ...server, DATABASE_REPLICA_URLS: 'postgres://r1/rp,http://r2/rp' })).toThrow(
      'DATABASE_REPLICA_URLS must be postgres:// connection strings separated by commas',
    );
    expect(() => loadConfig({ ...server, DATABASE_POOLER: 'session' })).toThrow('DATABASE_POOLER must be one of none, transaction');
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URLS: 'postgres://r1/rp' })).toThrow('DATABASE_REPLICA_URLS needs DATABASE_URL');
    expect(() => loadConfig({ ...server, DATABASE_POOLER: 'transaction', DEMO_MODE: 'true' })).toThrow('DEMO_MODE=true with DATABASE_POOLER=transaction');
  });

  it("lists every checked variable in the README's configuration table", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const name of Object.keys(variablesSchema.shape)) expect(readme, name).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });
});
