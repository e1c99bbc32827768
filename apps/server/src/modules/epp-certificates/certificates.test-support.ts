import { generateKeyPairSync, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/*
 * Test certificates made with @peculiar/x509 over WebCrypto, so the tests do not depend on the host's
 * OpenSSL policy. RSA keys are slow to make: a file makes each kind once.
 */

const dayMs = 86_400_000;
const subtle = webcrypto.subtle;

type KeyKind = 'rsa1024' | 'rsa2048' | 'p256' | 'p384' | 'p192';
type Hash = 'SHA-1' | 'SHA-256' | 'SHA-384';

export interface TestCertificate {
  pem: string;
  /** PKCS#8 PEM of its private key (absent for P-192, which WebCrypto cannot make). */
  keyPem?: string;
}

const rsa = (modulusLength: number, hash: Hash) => ({ name: 'RSASSA-PKCS1-v1_5', hash, publicExponent: new Uint8Array([1, 0, 1]), modulusLength });
const ec = (namedCurve: string, hash: Hash) => ({ name: 'ECDSA', namedCurve, hash });

function algorithmOf(kind: Exclude<KeyKind, 'p192'>, hash: Hash) {
  if (kind === 'rsa1024') return rsa(1024, hash);
  if (kind === 'rsa2048') return rsa(2048, hash);
  return ec(kind === 'p256' ? 'P-256' : 'P-384', hash);
}

async function pkcs8Pem(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PRIVATE KEY-----\n`;
}

let serial = 1;

/** A self-signed certificate, by default RSA 2048 with SHA-256, valid from yesterday for 90 days. */
export async function makeCertificate(
  options: { key?: KeyKind; hash?: Hash; from?: Date; days?: number; name?: string; now?: Date } = {},
): Promise<TestCertificate> {
  const now = options.now ?? new Date();
  const kind = options.key ?? 'rsa2048';
  const hash = options.hash ?? 'SHA-256';
  const notBefore = options.from ?? new Date(now.getTime() - dayMs);
  const notAfter = new Date(notBefore.getTime() + (options.days ?? 90) * dayMs);
  const name = options.name ?? `CN=epp-${serial}.alpha.example, O=Alpha Domains NV, C=BE`;
  const serialNumber = (serial++).toString(16).padStart(4, '0');
  if (kind === 'p192') {
    // WebCrypto has no P-192: its public key comes from Node, signed by a P-256 issuer.
    const signer = ec('P-256', hash);
    const issuer = await subtle.generateKey(signer, true, ['sign', 'verify']);
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime192v1' });
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber,
      subject: name,
      issuer: 'CN=Test CA',
      notBefore,
      notAfter,
      publicKey: new x509.PublicKey(publicKey.export({ type: 'spki', format: 'der' })),
      signingKey: issuer.privateKey,
      signingAlgorithm: signer,
    });
    return { pem: certificate.toString('pem') };
  }
  const algorithm = algorithmOf(kind, hash);
  const keys = await subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber, name, notBefore, notAfter, keys, signingAlgorithm: algorithm });
  return { pem: `${certificate.toString('pem')}\n`, keyPem: await pkcs8Pem(keys.privateKey) };
}
