import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, users } from '../../db/schema';
import { createRegistrar } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { createActiveUser } from '../testing/users';
import { deletePasskeyUnlessLast } from './passkeys.repository';
import {
  authenticateWithPasskey,
  authenticationOptions,
  counterAccepted,
  passkeyPolicy,
  registerPasskey,
  registrationOptions,
  type PasskeyDeps,
} from './passkeys';
import { relyingPartyOf } from './relying-party';

/*
 * The WebAuthn ceremonies' hard cases against the real database, with a software authenticator
 * that signs as a real one does: reused challenges, replayed assertions, cloned credentials, the
 * counter rules, and credentials of another user or another registrar.
 */
let t: TestApp;
let clock = Date.now();
const origin = 'https://portal.test';
let deps: PasskeyDeps;
let userIds = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const handle of ['alpha', 'beta']) await createRegistrar(t.database.db, { handle });
  const rp = relyingPartyOf(origin);
  if (!rp.available) throw new Error('portal.test is a name');
  deps = { db: t.database.db, rp, rpName: 'Test portal', now: () => new Date(clock) };
});
afterAll(async () => t?.close());

async function newUser(registrar = 'alpha', totp = true) {
  const username = `user${++userIds}@${registrar}`;
  await createActiveUser(t.database.db, t.config, { username, totp });
  const [row] = await t.database.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.username, username));
  return { username, id: row?.id ?? '', name: row?.name ?? '' };
}

async function enrolled(registrar = 'alpha') {
  const user = await newUser(registrar);
  const authenticator = new SoftwareAuthenticator(origin);
  const added = await registerPasskey(deps, user.username, authenticator.create(await registrationOptions(deps, user)), 'Laptop');
  expect(added.ok).toBe(true);
  return { user, authenticator };
}

const signIn = async (username: string, authenticator: SoftwareAuthenticator) =>
  authenticateWithPasskey(deps, username, authenticator.get(await authenticationOptions(deps, username)));

describe('relying party', () => {
  it('is the public address host, and none for an IP address', () => {
    expect(relyingPartyOf('http://localhost:8080')).toEqual({ available: true, rpId: 'localhost', origin: 'http://localhost:8080' });
    expect(relyingPartyOf('https://portal.registry.example/')).toEqual({
      available: true,
      rpId: 'portal.registry.example',
      origin: 'https://portal.registry.example',
    });
    expect(relyingPartyOf('http://127.0.0.1:8080')).toEqual({ available: false, reason: 'ipAddress' });
    expect(relyingPartyOf('http://[::1]:8080')).toEqual({ available: false, reason: 'ipAddress' });
  });
});

describe('registration', () => {
  it('stores the passkey with its name, counter and transports, and excludes it from the next options', async () => {
    const { user, authenticator } = await enrolled();
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.username, user.username));
    expect(row).toMatchObject({ credentialId: authenticator.id, name: 'Laptop', counter: 0, transports: ['internal'], lastUsedAt: null });
    const next = await registrationOptions(deps, user);
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    expect(next.authenticatorSelection?.userVerification).toBe('required');
    expect(next.attestation).toBe('none');
  });

  it('refuses a challenge used twice, another user’s, an expired one and one made for signing in', async () => {
    const user = await newUser();
    const options = await registrationOptions(deps, user);
    expect((await registerPasskey(deps, user.username, new SoftwareAuthenticator(origin).create(options), 'A')).ok).toBe(true);
    expect(await registerPasskey(deps, user.username, new SoftwareAuthenticator(origin).create(options), 'B')).toEqual({ ok: false, refusal: 'challenge' });

    const other = await newUser('beta');
    const othersOptions = await registrationOptions(deps, other);
    expect(await registerPasskey(deps, user.username, new SoftwareAuthenticator(origin).create(othersOptions), 'C')).toEqual({
      ok: false,
      refusal: 'challenge',
    });

    const late = await registrationOptions(deps, user);
    clock += (passkeyPolicy.challengeSeconds + 1) * 1000;
    expect(await registerPasskey(deps, user.username, new SoftwareAuthenticator(origin).create(late), 'D')).toEqual({ ok: false, refusal: 'challenge' });

    const forSignIn = await authenticationOptions(deps, user.username);
    const wrongPurpose = new SoftwareAuthenticator(origin).create({ ...(await registrationOptions(deps, user)), challenge: forSignIn.challenge });
    expect(await registerPasskey(deps, user.username, wrongPurpose, 'E')).toEqual({ ok: false, refusal: 'challenge' });
  });

  it('refuses an authenticator without user verification, from another origin, or a credential id already registered', async () => {
    const user = await newUser();
    const unverified = new SoftwareAuthenticator(origin);
    unverified.userVerified = false;
    expect(await registerPasskey(deps, user.username, unverified.create(await registrationOptions(deps, user)), 'A')).toEqual({
      ok: false,
      refusal: 'invalid',
    });
    const elsewhere = new SoftwareAuthenticator('https://portal.test.evil.example');
    expect(await registerPasskey(deps, user.username, elsewhere.create(await registrationOptions(deps, user)), 'B')).toEqual({ ok: false, refusal: 'invalid' });

    const { authenticator } = await enrolled('beta');
    expect(await registerPasskey(deps, user.username, authenticator.clone().create(await registrationOptions(deps, user)), 'C')).toEqual({
      ok: false,
      refusal: 'duplicate',
    });
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.username, user.username))).toEqual([]);
  });
});

describe('sign-in with a passkey', () => {
  it('accepts the user’s passkey and records its counter and last use', async () => {
    const { user, authenticator } = await enrolled();
    const options = await authenticationOptions(deps, user.username);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    expect(options.userVerification).toBe('required');
    const result = await authenticateWithPasskey(deps, user.username, authenticator.get(options));
    expect(result).toMatchObject({ ok: true, value: { counter: 1, lastUsedAt: new Date(clock) } });
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.credentialId, authenticator.id));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: new Date(clock) });
  });

  it('refuses a replayed assertion, also when both copies arrive at once', async () => {
    const { user, authenticator } = await enrolled();
    const assertion = authenticator.get(await authenticationOptions(deps, user.username));
    expect((await authenticateWithPasskey(deps, user.username, assertion)).ok).toBe(true);
    expect(await authenticateWithPasskey(deps, user.username, assertion)).toEqual({ ok: false, refusal: 'challenge' });

    const again = authenticator.get(await authenticationOptions(deps, user.username));
    const side = await Promise.all([1, 2, 3].map(() => authenticateWithPasskey(deps, user.username, again)));
    expect(side.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses a cloned credential whose counter repeats, and one that goes back', async () => {
    const { user, authenticator } = await enrolled();
    const clone = authenticator.clone();
    expect((await signIn(user.username, authenticator)).ok).toBe(true); // counter 1
    expect(await signIn(user.username, clone)).toEqual({ ok: false, refusal: 'counter' }); // the clone also says 1
    expect((await signIn(user.username, authenticator)).ok).toBe(true); // 2
    authenticator.counter = 0; // next says 1
    expect(await signIn(user.username, authenticator)).toEqual({ ok: false, refusal: 'counter' });
    authenticator.counter = 5;
    expect((await signIn(user.username, authenticator)).ok).toBe(true); // 6: a jump forward is fine
    authenticator.counter = 0;
    authenticator.counterStep = 0; // a counter of 0 once it was non-zero is a step back
    expect(await signIn(user.username, authenticator)).toEqual({ ok: false, refusal: 'counter' });
  });

  it('accepts a passkey that keeps no counter (always 0), again and again', async () => {
    const { user, authenticator } = await enrolled();
    authenticator.counterStep = 0;
    for (let i = 0; i < 3; i++) expect(await signIn(user.username, authenticator)).toMatchObject({ ok: true, value: { counter: 0 } });
  });

  it('knows only the user’s own passkeys: another user’s, of the same or another registrar, is unknown', async () => {
    const { user } = await enrolled();
    const sameRegistrar = await enrolled('alpha');
    const otherRegistrar = await enrolled('beta');
    for (const other of [sameRegistrar, otherRegistrar]) {
      expect(await signIn(user.username, other.authenticator)).toEqual({ ok: false, refusal: 'unknownCredential' });
      // Nor does the other user's assertion pass with this user's challenge.
      const stolen = other.authenticator.get(await authenticationOptions(deps, user.username));
      expect((await authenticateWithPasskey(deps, other.user.username, stolen)).ok).toBe(false);
    }
  });

  it('refuses an assertion without user verification or for another relying party', async () => {
    const { user, authenticator } = await enrolled();
    authenticator.userVerified = false;
    expect(await signIn(user.username, authenticator)).toEqual({ ok: false, refusal: 'invalid' });
    authenticator.userVerified = true;
    const options = await authenticationOptions(deps, user.username);
    expect(await authenticateWithPasskey(deps, user.username, authenticator.get({ ...options, rpId: 'evil.example' }))).toEqual({
      ok: false,
      refusal: 'invalid',
    });
  });
});

describe('removal', () => {
  it('never removes the last second factor, also when two removals run at once', async () => {
    const withTotp = await enrolled();
    expect(await deletePasskeyUnlessLast(t.database.db, withTotp.user.username, withTotp.authenticator.id)).toBe('removed');

    const user = await newUser('alpha', false);
    const first = new SoftwareAuthenticator(origin);
    const second = new SoftwareAuthenticator(origin);
    for (const a of [first, second]) expect((await registerPasskey(deps, user.username, a.create(await registrationOptions(deps, user)), 'Key')).ok).toBe(true);
    const outcomes = await Promise.all([first, second].map((a) => deletePasskeyUnlessLast(t.database.db, user.username, a.id)));
    expect(outcomes.sort()).toEqual(['last', 'removed']);
    expect(await deletePasskeyUnlessLast(t.database.db, 'user1@alpha', first.id)).toBe('notFound');
  });

  it('counts the rule: counter 0 twice passes, anything that does not grow otherwise does not', () => {
    expect([counterAccepted(0, 0), counterAccepted(0, 1), counterAccepted(3, 4)]).toEqual([true, true, true]);
    expect([counterAccepted(3, 3), counterAccepted(3, 2), counterAccepted(3, 0)]).toEqual([false, false, false]);
  });
});
