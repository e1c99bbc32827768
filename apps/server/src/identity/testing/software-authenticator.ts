import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/*
 * A software WebAuthn authenticator for API tests: a P-256 key from node:crypto, authenticator data,
 * client data and a `none` attestation built as a browser and an authenticator would, so the server
 * checks real signatures. Its counter is in the test's hands (clones, counters that repeat or that
 * stay 0 like a synced passkey's).
 */

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The counter the next assertion reports is this plus `counterStep`. */
  counter = 0;
  /** 0: a passkey that keeps no counter (synced passkeys report 0). */
  counterStep = 1;
  /** Whether the authenticator says the user was verified (PIN, fingerprint). */
  userVerified = true;

  constructor(
    private readonly origin: string,
    keys?: { privateKey: KeyObject; publicKey: KeyObject },
  ) {
    const pair = keys ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** Another authenticator with the same key, credential id and counter: what a cloned one is. */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.origin, { privateKey: this.privateKey, publicKey: this.publicKey });
    (copy as { credentialId: Buffer }).credentialId = this.credentialId;
    copy.counter = this.counter;
    copy.counterStep = this.counterStep;
    return copy;
  }

  private flagsByte(extra = 0): number {
    return flags.userPresent | (this.userVerified ? flags.userVerified : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The COSE form of the public key (EC2, ES256). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  /** What `navigator.credentials.create` gives for these options. */
  create(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flagsByte(flags.attestedData)]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** What `navigator.credentials.get` gives for these options (rpId as given there). */
  get(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
    this.counter += this.counterStep;
    const authData = Buffer.concat([sha256(options.rpId ?? new URL(this.origin).hostname), Buffer.from([this.flagsByte()]), counterBytes(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
    };
  }
}
