import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/database';
import {
  findPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  takeChallenge,
  type ChallengePurpose,
  type PasskeyRow,
} from './passkeys.repository';
import type { RelyingParty } from './relying-party';

/*
 * The WebAuthn ceremonies of the embedded identity service, through @simplewebauthn/server: user
 * verification required, attestation `none`, each challenge single-use (taken from the database
 * as it is checked) and valid for `passkeyPolicy.challengeSeconds`.
 */

export const passkeyPolicy = {
  /** How long the browser has between the options and its answer (also the browser's own timeout). */
  challengeSeconds: 300,
  /** The authenticator must verify the user (PIN, fingerprint): a passkey is then a second factor on its own. */
  userVerification: 'required',
  /** No attestation asked: any authenticator is accepted, and nothing identifying it is kept. */
  attestation: 'none',
  /** The signature algorithms offered, by COSE identifier, preferred first: EdDSA, ES256, RS256. */
  algorithms: [-8, -7, -257],
} as const;

export interface PasskeyDeps {
  db: Db;
  rp: Extract<RelyingParty, { available: true }>;
  /** The portal's product name, shown by the browser while it creates a passkey. */
  rpName: string;
  now: () => Date;
}

/** Whom a ceremony is for: the directory's username and its stable id (the WebAuthn user handle). */
export interface PasskeyUser {
  username: string;
  id: string;
  name: string;
}

/** Why an answer was refused; none of them tells an attacker more than "not accepted". */
export type PasskeyRefusal = 'challenge' | 'unknownCredential' | 'invalid' | 'counter' | 'duplicate';

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: PasskeyRefusal };

const transportsOf = (row: PasskeyRow): string[] => row.transports;

async function newChallenge(deps: PasskeyDeps, username: string, purpose: ChallengePurpose, challenge: string): Promise<void> {
  const now = deps.now();
  await insertChallenge(deps.db, { challenge, username, purpose, expiresAt: new Date(now.getTime() + passkeyPolicy.challengeSeconds * 1000) }, now);
}

/** Options for `navigator.credentials.create`: the user's existing passkeys excluded, so one authenticator is not added twice. */
export async function registrationOptions(deps: PasskeyDeps, user: PasskeyUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(deps.db, user.username);
  const options = await generateRegistrationOptions({
    rpName: deps.rpName,
    rpID: deps.rp.rpId,
    userName: user.username,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    timeout: passkeyPolicy.challengeSeconds * 1000,
    attestationType: passkeyPolicy.attestation,
    supportedAlgorithmIDs: [...passkeyPolicy.algorithms],
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: passkeyPolicy.userVerification },
  });
  await newChallenge(deps, user.username, 'register', options.challenge);
  return options;
}

/** Checks the browser's answer to the registration options and stores the new passkey under `name`. */
export async function registerPasskey(deps: PasskeyDeps, username: string, response: RegistrationResponseJSON, name: string): Promise<Checked<PasskeyRow>> {
  const now = deps.now();
  let challengeTaken = false;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => (challengeTaken = await takeChallenge(deps.db, challenge, username, 'register', now)),
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.rpId,
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, refusal: challengeTaken ? 'invalid' : 'challenge' };
  }
  if (!verified.verified) return { ok: false, refusal: 'invalid' };
  const { credential } = verified.registrationInfo;
  const row: PasskeyRow = {
    credentialId: credential.id,
    username,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    name,
    createdAt: now,
    lastUsedAt: null,
  };
  // A credential id is the authenticator's: the same one twice (for this user or another) is refused.
  if (!(await insertPasskey(deps.db, row))) return { ok: false, refusal: 'duplicate' };
  return { ok: true, value: row };
}

/** Options for `navigator.credentials.get`, limited to the user's own passkeys. */
export async function authenticationOptions(deps: PasskeyDeps, username: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const existing = await listPasskeys(deps.db, username);
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.rpId,
    timeout: passkeyPolicy.challengeSeconds * 1000,
    userVerification: passkeyPolicy.userVerification,
    allowCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
  });
  await newChallenge(deps, username, 'authenticate', options.challenge);
  return options;
}

/**
 * The counter rule (WebAuthn §7.2 step 21): while either the stored or the reported counter is
 * non-zero, the reported one must be greater; a counter that repeats or goes back is a cloned
 * authenticator's. Both at 0 is a passkey that keeps no counter (synced passkeys) and is accepted.
 */
export function counterAccepted(stored: number, reported: number): boolean {
  return (stored === 0 && reported === 0) || reported > stored;
}

/**
 * Checks a sign-in's assertion against the user's own passkey (another user's credential is
 * unknown here), takes its challenge once, applies the counter rule and records the use. Of two
 * assertions with the same counter checked side by side, one is accepted.
 */
export async function authenticateWithPasskey(deps: PasskeyDeps, username: string, response: AuthenticationResponseJSON): Promise<Checked<PasskeyRow>> {
  const now = deps.now();
  const row = await findPasskey(deps.db, username, response.id);
  if (!row) return { ok: false, refusal: 'unknownCredential' };
  let challengeTaken = false;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => (challengeTaken = await takeChallenge(deps.db, challenge, username, 'authenticate', now)),
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.rpId,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    });
  } catch {
    // The library throws for a counter that did not grow too; the rule below says which it was.
    if (!challengeTaken) return { ok: false, refusal: 'challenge' };
    return { ok: false, refusal: counterRefused(response, row) ? 'counter' : 'invalid' };
  }
  if (!verified.verified) return { ok: false, refusal: 'invalid' };
  const counter = verified.authenticationInfo.newCounter;
  if (!counterAccepted(row.counter, counter)) return { ok: false, refusal: 'counter' };
  if (!(await recordPasskeyUse(deps.db, row.credentialId, row.counter, counter, now))) return { ok: false, refusal: 'counter' };
  return { ok: true, value: { ...row, counter, lastUsedAt: now } };
}

/** The reported counter from the assertion's authenticator data (bytes 33-36), to tell a counter refusal from others. */
function counterRefused(response: AuthenticationResponseJSON, row: PasskeyRow): boolean {
  const data = Buffer.from(response.response.authenticatorData, 'base64url');
  return data.length >= 37 && !counterAccepted(row.counter, data.readUInt32BE(33));
}
