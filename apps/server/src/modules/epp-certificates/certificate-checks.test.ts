import { beforeAll, describe, expect, it } from 'vitest';
import { eppCertificateRules } from '@registrar-panel/contract';
import { checkCertificate, type CheckContext } from './certificate-checks';
import { makeCertificate, type TestCertificate } from './certificates.test-support';

/* Each check of an uploaded certificate, with certificates generated here (not by the host's OpenSSL). */

const dayMs = 86_400_000;
const now = new Date();
const context: CheckContext = { now, maxValidityDays: eppCertificateRules.defaultMaxValidityDays, otherSlotFingerprint: null };
const certificates: Record<string, TestCertificate> = {};

beforeAll(async () => {
  const made = await Promise.all([
    makeCertificate(),
    makeCertificate({ key: 'rsa1024' }),
    makeCertificate({ key: 'p256' }),
    makeCertificate({ key: 'p384', hash: 'SHA-384' }),
    makeCertificate({ key: 'p192' }),
    makeCertificate({ hash: 'SHA-1' }),
    makeCertificate({ from: new Date(now.getTime() - 100 * dayMs), days: 99 }),
    makeCertificate({ from: new Date(now.getTime() + 2 * dayMs) }),
    makeCertificate({ days: 730 }),
  ]);
  const names = ['rsa2048', 'rsa1024', 'p256', 'p384', 'p192', 'sha1', 'expired', 'notYetValid', 'twoYears'];
  names.forEach((name, index) => (certificates[name] = made[index]!));
});

const keyOf = (text: string) => {
  const result = checkCertificate(text, context);
  return result.ok ? 'ok' : result.message.messageKey;
};

describe('EPP client certificate checks', () => {
  it('accepts RSA 2048 and ECDSA P-256 and P-384 signed with SHA-256 or stronger, with their facts', () => {
    const result = checkCertificate(certificates.rsa2048!.pem, context);
    expect(result.ok && result.facts).toMatchObject({
      keyType: 'RSA',
      keySize: 2048,
      signatureAlgorithm: 'SHA-256 with RSA',
      subject: expect.stringContaining('CN=epp-'),
    });
    expect(result.ok && result.facts.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const p256 = checkCertificate(certificates.p256!.pem, context);
    expect(p256.ok && [p256.facts.keyType, p256.facts.keySize, p256.facts.signatureAlgorithm]).toEqual(['ECDSA', 256, 'ECDSA with SHA-256']);
    const p384 = checkCertificate(certificates.p384!.pem, context);
    expect(p384.ok && [p384.facts.keySize, p384.facts.signatureAlgorithm]).toEqual([384, 'ECDSA with SHA-384']);
  });

  it('refuses weak keys, naming the key', () => {
    const rsa1024 = checkCertificate(certificates.rsa1024!.pem, context);
    expect(!rsa1024.ok && rsa1024.message).toMatchObject({ messageKey: 'eppCertificate.weakKey', field: 'pem', params: { key: 'RSA 1024 bits' } });
    const p192 = checkCertificate(certificates.p192!.pem, context);
    expect(!p192.ok && p192.message).toMatchObject({ messageKey: 'eppCertificate.weakKey', params: { key: 'ECDSA P-192' } });
  });

  it('refuses a SHA-1 signature, naming it', () => {
    const sha1 = checkCertificate(certificates.sha1!.pem, context);
    expect(!sha1.ok && sha1.message).toMatchObject({ messageKey: 'eppCertificate.weakSignature', params: { algorithm: 'SHA-1 with RSA' } });
  });

  it('refuses a certificate expired or not yet valid', () => {
    expect(keyOf(certificates.expired!.pem)).toBe('eppCertificate.expired');
    expect(keyOf(certificates.notYetValid!.pem)).toBe('eppCertificate.notYetValid');
  });

  it('refuses a validity beyond the policy, and accepts it under a longer policy', () => {
    const refused = checkCertificate(certificates.twoYears!.pem, context);
    expect(!refused.ok && refused.message).toMatchObject({ messageKey: 'eppCertificate.validityTooLong', params: { days: 730, max: 398 } });
    expect(checkCertificate(certificates.twoYears!.pem, { ...context, maxValidityDays: 825 }).ok).toBe(true);
  });

  it('refuses the other slot’s certificate', () => {
    const accepted = checkCertificate(certificates.p256!.pem, context);
    const fingerprint = accepted.ok ? accepted.facts.fingerprint : '';
    expect(checkCertificate(certificates.p256!.pem, { ...context, otherSlotFingerprint: fingerprint })).toMatchObject({
      ok: false,
      message: { messageKey: 'eppCertificate.inOtherSlot' },
    });
  });

  it('refuses a private key wherever it is, before anything else, without echoing it', () => {
    const { pem, keyPem } = certificates.rsa2048!;
    for (const text of [`${pem}${keyPem!}`, `${keyPem!}${pem}`, keyPem!, keyPem!.replace(/PRIVATE KEY/g, 'RSA PRIVATE KEY')]) {
      const result = checkCertificate(text, context);
      expect(result).toMatchObject({ ok: false, message: { messageKey: 'eppCertificate.privateKey', field: 'pem' } });
      expect(JSON.stringify(result)).not.toContain(keyPem!.split('\n')[1]!);
    }
  });

  it('wants exactly one readable certificate', () => {
    const { pem } = certificates.rsa2048!;
    expect(keyOf(`${pem}${certificates.p256!.pem}`)).toBe('eppCertificate.notOneCertificate');
    expect(keyOf('hello')).toBe('eppCertificate.notOneCertificate');
    expect(keyOf(pem.replace('CERTIFICATE-----\n', 'CERTIFICATE-----\nAAAA'))).toBe('eppCertificate.unreadable');
    expect(keyOf(pem.slice(0, 200) + '\n-----END CERTIFICATE-----')).toBe('eppCertificate.unreadable');
  });

  it('stores only the certificate, re-encoded', () => {
    const { pem } = certificates.rsa2048!;
    const result = checkCertificate(`Bag Attributes\n  friendlyName: epp\n${pem.replace(/\n/g, '\r\n')}`, context);
    expect(result.ok && result.facts.pem).toBe(pem.trim() + '\n');
  });
});
