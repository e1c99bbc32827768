import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/** An RSA-2048 certificate valid from yesterday for 90 days, and its key: made here, not by the host's OpenSSL. */
export async function makeTestCertificate(name: string): Promise<{ pem: string; keyPem: string }> {
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const notBefore = new Date(Date.now() - 86_400_000);
  const made = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '0e2e01',
    name,
    notBefore,
    notAfter: new Date(notBefore.getTime() + 90 * 86_400_000),
    keys,
    signingAlgorithm: algorithm,
  });
  const key = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { pem: made.toString('pem'), keyPem: `-----BEGIN PRIVATE KEY-----\n${key.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n` };
}
