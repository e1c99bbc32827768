import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { assignableRoles, defaultLanguage, languageNames, languages, panelRoles, tokenRole } from '@registrar-panel/contract';
import { describe, expect, it } from 'vitest';
import { linkTokenTtlMs } from './account-links/link-tokens';
import { passwordMaxLength, passwordMinLength } from './account-links/password-policy';
import { loadConfig } from '../config';
import { commonPasswordsFileName, isCommonPassword, keycloakContextPattern, writeCommonPasswordsFile } from '../lib/unsafe-passwords';
import {
  accessEndAttribute,
  localeAttribute,
  passkeyEnrolmentAction,
  passkeysRequiredAttribute,
  registrarAttribute,
} from './directory/keycloak-user-directory';
import { sessionPolicy } from '../lib/session-policy';
import { accessEndClaim } from '../plugins/auth';
import { productNameOf } from './directory/identity-mail';
import { lockoutPolicy } from '../lib/lockout-policy';
import { totpPolicy } from './sign-in/totp';
import { passkeyPolicy } from './passkeys/passkeys';
import { relyingPartyOf } from './passkeys/relying-party';
import { readRealmExport, realmExportPath } from './testing/keycloak-realm';

/*
 * The realm export (deploy/keycloak/registrar-panel-realm.json) is the single source of a
 * registry's Keycloak set-up, and must set the rules the embedded provider enforces. Each rule is
 * read from the embedded side's own constant, so changing one without the other fails here.
 * Where Keycloak cannot express a rule the same way, the difference is named below and listed in
 * docs/decisions.md.
 */
const realm = readRealmExport() as ReturnType<typeof readRealmExport> & Record<string, unknown>;
const clientOf = (clientId: string) => {
  const client = realm.clients.find((c) => c.clientId === clientId);
  if (!client) throw new Error(`no client ${clientId} in ${realmExportPath}`);
  return client as unknown as Record<string, unknown> & { attributes: Record<string, string> };
};
const web = clientOf('registrar-panel-web');
/** The project's theme, from this file. */
const themeDir = `../../../../deploy/keycloak/themes/${String(realm.loginTheme)}/`;
const directory = clientOf('registrar-panel-directory');

/** What Keycloak does differently, by name; docs/decisions.md explains each under the same name. */
const knownDifferences = [
  'lockout wait grows linearly',
  'no account-wide count from every address',
  'no per-address lockout',
  'no registrar handle in the password rule',
  'common-password check may refuse a rare other password',
] as const;

describe('the realm export sets the embedded provider’s rules', () => {
  it('sessions and tokens: access token 5 minutes, idle 30 minutes, at most 10 hours, refresh tokens single use', () => {
    expect(realm.accessTokenLifespan).toBe(sessionPolicy.accessTokenSeconds);
    expect(web.attributes['access.token.lifespan']).toBe(String(sessionPolicy.accessTokenSeconds));
    expect(realm.ssoSessionIdleTimeout).toBe(sessionPolicy.idleSeconds);
    expect(realm.ssoSessionMaxLifespan).toBe(sessionPolicy.maxSeconds);
    expect(realm.revokeRefreshToken).toBe(true);
    expect(realm.refreshTokenMaxReuse).toBe(0);
  });

  it('activation and reset links live 12 hours', () => {
    expect(realm.actionTokenGeneratedByAdminLifespan).toBe(linkTokenTtlMs / 1000);
    expect(realm.actionTokenGeneratedByUserLifespan).toBe(linkTokenTtlMs / 1000);
  });

  it('password policy: the same length bounds, the same common-password list file, no username, no ‘registrar’ or TLD', () => {
    const rules = String(realm.passwordPolicy).split(' and ');
    expect(rules).toContain(`length(${passwordMinLength})`);
    expect(rules).toContain(`maxLength(${passwordMaxLength})`);
    expect(rules).toContain('notContainsUsername(undefined)');
    // The file `npm run keycloak` (and `npm run password-list` for a registry) writes into Keycloak's data/password-blacklists/.
    expect(rules).toContain(`passwordBlacklist(${commonPasswordsFileName})`);
    expect(rules).toContain(`regexPattern(${keycloakContextPattern(loadConfig({}).tld)})`);
    expect(rules).toHaveLength(5);
    // The theme's pages state the rule in words.
    const messages = readFileSync(new URL('../../../../deploy/keycloak/themes/registrar-panel/login/messages/messages_en.properties', import.meta.url), 'utf8');
    expect(messages).toContain(`at least ${passwordMinLength} characters`);
    expect(messages).not.toMatch(new RegExp(`at least (?!${passwordMinLength} )\\d+ characters`));
    expect(messages).toMatch(/^invalidPasswordBlacklistedMessage=This password is too common/m);
    expect(messages).toMatch(/^invalidPasswordRegexPatternMessage=The password must not contain the word \\u2018registrar\\u2019 or the top-level domain/m);
  });

  it('the list file Keycloak is given is the list the embedded service checks, one lower-case password a line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'password-list-'));
    try {
      const { path, count } = writeCommonPasswordsFile(dir);
      expect(basename(path)).toBe(commonPasswordsFileName);
      const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
      expect(lines).toHaveLength(count);
      expect(count).toBeGreaterThan(10_000);
      expect(new Set(lines).size).toBe(count);
      for (const line of lines) {
        expect(line).toBe(line.toLowerCase());
        expect(isCommonPassword(line.toUpperCase())).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('one-time codes: 6 digits, 30 s, SHA-1, one step of drift, each code once; every new user enrols', () => {
    expect(realm.otpPolicyType).toBe('totp');
    expect(realm.otpPolicyDigits).toBe(totpPolicy.digits);
    expect(realm.otpPolicyPeriod).toBe(totpPolicy.periodSeconds);
    expect(realm.otpPolicyAlgorithm).toBe(`Hmac${totpPolicy.algorithm.toUpperCase()}`);
    expect(realm.otpPolicyLookAheadWindow).toBe(totpPolicy.driftSteps);
    expect(realm.otpPolicyCodeReusable).toBe(false);
    const actions = realm.requiredActions as { alias: string; enabled: boolean; defaultAction: boolean; priority: number }[];
    expect(actions.find((action) => action.alias === 'CONFIGURE_TOTP')).toMatchObject({ enabled: true, defaultAction: true });
    // Activation asks for the password first, then the authenticator, as the embedded service does.
    const priority = (alias: string) => actions.find((action) => action.alias === alias)?.priority ?? 0;
    expect(priority('UPDATE_PASSWORD')).toBeLessThan(priority('CONFIGURE_TOTP'));
  });

  it("passkeys: the embedded service's WebAuthn rules, the portal's host as relying party, asked beside the code after the password unless the registrar requires them", () => {
    // Keycloak names the COSE algorithms the embedded service offers (passkeyPolicy.algorithms) thus.
    const keycloakAlgorithm: Record<number, string> = { [-8]: 'Ed25519', [-7]: 'ES256', [-257]: 'RS256' };
    expect(realm.webAuthnPolicySignatureAlgorithms).toEqual(passkeyPolicy.algorithms.map((id) => keycloakAlgorithm[id]));
    expect(realm.webAuthnPolicyUserVerificationRequirement).toBe(passkeyPolicy.userVerification);
    expect(realm.webAuthnPolicyAttestationConveyancePreference).toBe(passkeyPolicy.attestation);
    expect(realm.webAuthnPolicyCreateTimeout).toBe(passkeyPolicy.challengeSeconds);
    expect(realm.webAuthnPolicyRpEntityName).toBe(productNameOf('be'));
    // The host of the export's address (replaced by PUBLIC_URL's, as `npm run keycloak` and the tests do).
    const rp = relyingPartyOf(String(web.rootUrl));
    expect(rp).toMatchObject({ available: true });
    expect(realm.webAuthnPolicyRpId).toBe(rp.available ? rp.rpId : '');
    // Users add one through the application-initiated action; the portal sets it for forced enrolment.
    const actions = realm.requiredActions as { alias: string; enabled: boolean; defaultAction: boolean }[];
    expect(actions.find((action) => action.alias === passkeyEnrolmentAction)).toMatchObject({ enabled: true, defaultAction: false });
    // The browser flow's second step, after the password: the passkey or the code, each an
    // alternative, unless the user's registrar requires passkeys (the portal sets the attribute).
    const flows = realm.authenticationFlows as {
      alias: string;
      authenticationExecutions: { authenticator?: string; flowAlias?: string; requirement: string; authenticatorConfig?: string }[];
    }[];
    const configs = realm.authenticatorConfig as { alias: string; config: Record<string, string> }[];
    const configOf = (alias?: string) => configs.find((c) => c.alias === alias)?.config;
    expect(realm.browserFlow).toBe('browser');
    const flow = (alias: string) => flows.find((f) => f.alias === alias)?.authenticationExecutions ?? [];
    const forms =
      flow('browser')
        .flatMap((e) => (e.flowAlias ? [e.flowAlias] : []))
        .find((alias) => flow(alias).some((e) => e.authenticator === 'auth-username-password-form')) ?? '';
    const requirementsIn = (alias: string) => Object.fromEntries(flow(alias).flatMap((e) => (e.authenticator ? [[e.authenticator, e.requirement]] : [])));
    const attributeCondition = (alias: string) => configOf(flow(alias).find((e) => e.authenticator === 'conditional-user-attribute')?.authenticatorConfig);
    const secondSteps = flow(forms).filter((e) => e.flowAlias && e.requirement === 'CONDITIONAL');
    expect(secondSteps).toHaveLength(2);
    const [required, usual] = secondSteps.map((e) => e.flowAlias ?? '');
    // Not required: the passkey or the code.
    expect(attributeCondition(usual!)).toMatchObject({ attribute_name: passkeysRequiredAttribute, attribute_expected_value: 'true', not: 'true' });
    expect(requirementsIn(usual!)).toMatchObject({
      'conditional-user-configured': 'REQUIRED',
      'webauthn-authenticator': 'ALTERNATIVE',
      'auth-otp-form': 'ALTERNATIVE',
    });
    // Required: a user with a passkey gives it and has no code to fall back on; one without gives
    // the code, and the WebAuthn step they are not set up for makes Keycloak ask them to add one.
    expect(attributeCondition(required!)).toMatchObject({ attribute_name: passkeysRequiredAttribute, attribute_expected_value: 'true', not: 'false' });
    const [withPasskey, withoutPasskey] = flow(required!).flatMap((e) => (e.flowAlias && e.requirement === 'CONDITIONAL' ? [e.flowAlias] : []));
    expect(requirementsIn(withPasskey!)).toEqual({ 'conditional-user-configured': 'REQUIRED', 'webauthn-authenticator': 'REQUIRED' });
    expect(requirementsIn(withoutPasskey!)).toEqual({
      'conditional-sub-flow-executed': 'REQUIRED',
      'auth-otp-form': 'REQUIRED',
      'webauthn-authenticator': 'REQUIRED',
    });
    expect(configOf(flow(withoutPasskey!)[0]?.authenticatorConfig)).toEqual({ flow_to_check: withPasskey, check_result: 'not-executed' });
    // The attribute is declared, and only administrators (the portal's client) see and set it.
    const profile = JSON.parse(
      (realm.components as Record<string, { config: Record<string, string[]> }[]>)['org.keycloak.userprofile.UserProfileProvider']![0]!.config[
        'kc.user.profile.config'
      ]![0]!,
    ) as { attributes: { name: string; permissions: unknown }[] };
    expect(profile.attributes.find((a) => a.name === passkeysRequiredAttribute)?.permissions).toEqual({ view: ['admin'], edit: ['admin'] });
  });

  it('brute-force detection: locked after the same number of failures, first and longest wait the same', () => {
    expect(realm.bruteForceProtected).toBe(true);
    expect(realm.permanentLockout).toBe(false);
    expect(realm.failureFactor).toBe(lockoutPolicy.threshold);
    expect(realm.waitIncrementSeconds).toBe(lockoutPolicy.firstWaitMs / 1000);
    expect(realm.maxFailureWaitSeconds).toBe(lockoutPolicy.maxWaitMs / 1000);
    // Keycloak's quick-login lock (two failures within a second) has no embedded counterpart: off.
    expect(realm.quickLoginCheckMilliSeconds).toBe(0);
  });

  it('the web client: authorization code with PKCE S256 only, exact redirect URIs, no password grant', () => {
    expect(web).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
    });
    expect(web.attributes['pkce.code.challenge.method']).toBe('S256');
    for (const uri of [...(web.redirectUris as string[]), web.attributes['post.logout.redirect.uris'] ?? '']) {
      expect(uri).toBe('http://localhost:8080/');
    }
    expect(web.webOrigins).toEqual(['http://localhost:8080']);
  });

  it('realm roles are the panel roles in lower case, as the API reads them from realm_access.roles', () => {
    const roles = (realm.roles as { realm: { name: string }[] }).realm.map((role) => role.name);
    expect(roles.sort()).toEqual(panelRoles.map(tokenRole).sort());
  });

  it("the directory's service account holds only what user management needs", () => {
    expect(directory).toMatchObject({
      publicClient: false,
      serviceAccountsEnabled: true,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: false,
      implicitFlowEnabled: false,
    });
    const users = realm.users as { serviceAccountClientId?: string; clientRoles?: Record<string, string[]>; realmRoles?: string[] }[];
    const account = users.find((user) => user.serviceAccountClientId === 'registrar-panel-directory');
    // Not manage-users: with it, Keycloak lets its holder give any realm role, admin included. The
    // realm's admin permissions give the rest (directory-rights.keycloak.ts probes the whole list).
    // view-realm (read only) lists a role's users and groups: the user list's roles in a few calls.
    expect(account?.clientRoles).toEqual({ 'realm-management': ['view-users', 'view-realm', 'view-events'] });
    expect(realm.adminPermissionsEnabled).toBe(true);
    const roleIds = new Map((realm.roles as { realm: { id: string; name: string }[] }).realm.map((role) => [role.id, role.name]));
    const settings = clientOf('admin-permissions').authorizationSettings as { policies: { config: Record<string, string> }[] };
    const mappable = settings.policies
      .filter((policy) => policy.config.defaultResourceType === 'Roles' && (JSON.parse(policy.config.scopes ?? '[]') as string[]).includes('map-role'))
      .flatMap((policy) => (JSON.parse(policy.config.resources ?? '[]') as string[]).map((id) => roleIds.get(id)));
    // The roles a registrar gives, never admin: the registry gives it.
    expect(mappable.sort()).toEqual(assignableRoles.map(tokenRole).sort());
    expect(account?.realmRoles ?? []).toEqual([]);
    // No secret in the file: the registry's Keycloak generates one.
    expect(directory.secret).toBeUndefined();
  });

  it('sign-ins are kept as events for 90 days; a user cannot change their own registrar, name or email', () => {
    expect(realm.eventsEnabled).toBe(true);
    expect(realm.enabledEventTypes).toEqual(expect.arrayContaining(['LOGIN', 'LOGIN_ERROR']));
    expect(realm.eventsExpiration).toBe(90 * 24 * 60 * 60);
    const components = realm.components as Record<string, { config: Record<string, string[]> }[]>;
    const [profile] = components['org.keycloak.userprofile.UserProfileProvider'] ?? [];
    const attributes = (
      JSON.parse(profile?.config['kc.user.profile.config']?.[0] ?? '{}') as { attributes: { name: string; permissions: { edit: string[] } }[] }
    ).attributes;
    for (const name of [registrarAttribute, accessEndAttribute, 'username', 'email', 'firstName', 'lastName']) {
      expect(attributes.find((attribute) => attribute.name === name)?.permissions.edit, name).toEqual(['admin']);
    }
  });

  it("forgot password: Keycloak's own flow is on, and the theme keeps its parent's sign-in page with the link", () => {
    expect(realm.resetPasswordAllowed).toBe(true);
    const login = new URL(`../../../../deploy/keycloak/themes/${String(realm.loginTheme)}/login/`, import.meta.url);
    // keycloak.v2's login.ftl shows 'Forgot Password?' when the realm allows resets; an override could drop it.
    expect(existsSync(new URL('login.ftl', login))).toBe(false);
    expect(readFileSync(new URL('theme.properties', login), 'utf8')).toMatch(/^parent=keycloak\.v2$/m);
  });

  it("Keycloak's access tokens carry the access end day, which the API reads", () => {
    const mappers = web.protocolMappers as { protocolMapper: string; config: Record<string, string> }[];
    const mapper = mappers.find((m) => m.config['claim.name'] === accessEndClaim);
    expect(mapper).toMatchObject({
      protocolMapper: 'oidc-usermodel-attribute-mapper',
      config: { 'user.attribute': accessEndAttribute, 'access.token.claim': 'true' },
    });
  });

  it('the access end day is an attribute only admins see and change, as a day', () => {
    const components = realm.components as Record<string, { config: Record<string, string[]> }[]>;
    const [profile] = components['org.keycloak.userprofile.UserProfileProvider'] ?? [];
    const attributes = (JSON.parse(profile?.config['kc.user.profile.config']?.[0] ?? '{}') as { attributes: Record<string, unknown>[] }).attributes;
    const accessEnd = attributes.find((attribute) => attribute.name === accessEndAttribute) as
      { permissions: { view: string[] }; validations: { pattern: { pattern: string } }; required?: unknown } | undefined;
    expect(accessEnd?.permissions.view).toEqual(['admin']);
    expect(accessEnd?.required).toBeUndefined();
    const pattern = new RegExp(accessEnd?.validations.pattern.pattern ?? '');
    expect(pattern.test('2026-12-31')).toBe(true);
    expect(pattern.test('31/12/2026')).toBe(false);
  });

  it("the realm's pages and mails name the product as the portal's header does", () => {
    expect(realm.displayName).toBe(productNameOf('be'));
    expect((realm.smtpServer as { fromDisplayName: string }).fromDisplayName).toBe(productNameOf('be'));
    const web = JSON.parse(readFileSync(new URL('../../../web/src/app/en.json', import.meta.url), 'utf8')) as Record<string, string>;
    expect(web['app.header.title']?.replace('{{tld}}', 'be')).toBe(productNameOf('be'));
  });

  it('the sign-in pages and mails use the project theme', () => {
    for (const kind of ['login', 'email'] as const) {
      const theme = realm[`${kind}Theme`] as string;
      expect(existsSync(new URL(`../../../../deploy/keycloak/themes/${theme}/${kind}/theme.properties`, import.meta.url))).toBe(true);
    }
  });

  it("speaks the portal's four languages, English by default: the realm's locales and both themes' are the contract's", () => {
    expect(realm.internationalizationEnabled).toBe(true);
    expect(realm.supportedLocales).toEqual([...languages]);
    expect(realm.defaultLocale).toBe(defaultLanguage);
    // A language chosen on Keycloak's own switcher becomes the user's locale through this required action.
    const actions = realm.requiredActions as { providerId: string; enabled: boolean; defaultAction: boolean }[];
    expect(actions.find((action) => action.providerId === 'update_user_locale')).toMatchObject({ enabled: true, defaultAction: false });
    for (const kind of ['login', 'email'] as const) {
      const properties = readFileSync(new URL(`${themeDir}${kind}/theme.properties`, import.meta.url), 'utf8');
      expect(/^locales=(.*)$/m.exec(properties)?.[1], kind).toBe(languages.join(','));
    }
  });

  it("Keycloak's language switcher names each language in itself, as the portal's does, in every language of the page", () => {
    for (const language of languages) {
      const messages = readFileSync(new URL(`${themeDir}login/messages/messages_${language}.properties`, import.meta.url), 'utf8');
      for (const named of languages) {
        const written = new RegExp(`^locale_${named}=(.*)$`, 'm').exec(messages)?.[1] ?? '';
        // A properties file may write a letter as \uXXXX (the English one writes 'ç' so): JSON reads it alike.
        expect(JSON.parse(`"${written}"`), `locale_${named} in ${language}`).toBe(languageNames[named]);
      }
    }
  });

  it("Keycloak's tokens carry the user's language, its locale attribute, which the web follows on any browser", () => {
    const mappers = web.protocolMappers as { protocolMapper: string; config: Record<string, string> }[];
    expect(mappers.find((m) => m.config['claim.name'] === 'locale')).toMatchObject({
      protocolMapper: 'oidc-usermodel-attribute-mapper',
      config: { 'user.attribute': localeAttribute, 'id.token.claim': 'true', 'access.token.claim': 'true' },
    });
  });

  it('names each difference from the embedded provider in docs/decisions.md', () => {
    const decisions = readFileSync(new URL('../../../../docs/decisions.md', import.meta.url), 'utf8');
    for (const difference of knownDifferences) expect(decisions, difference).toContain(difference);
  });
});
