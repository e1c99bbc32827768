import { createHash, X509Certificate as NodeCertificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { eppCertificateRules, formatDateTime, message, type EppCertificateProblem, type Message } from '@registrar-panel/contract';

/*
 * The checks an EPP client certificate passes before it is accepted (issue 31; the rules' one home is
 * the contract's epp-certificates.ts). Node's X509Certificate reads the key; @peculiar/x509 reads the
 * signature algorithm, which Node does not give. Pure: the clock, the policy and the other slot's
 * fingerprint come in.
 */

/** What is stored and shown of an accepted certificate. */
export interface CertificateFacts {
  /** The certificate alone, re-encoded from its DER: nothing else of the upload is kept. */
  pem: string;
  /** SHA-256 of the DER, lower-case hex: what a TLS stack sees (`fingerprint256` without colons). */
  fingerprint: string;
  subject: string;
  issuer: string;
  serial: string;
  keyType: 'RSA' | 'ECDSA';
  keySize: number;
  signatureAlgorithm: string;
  notBefore: Date;
  notAfter: Date;
}

export interface CheckContext {
  now: Date;
  maxValidityDays: number;
  /** The other slot's certificate, which this one may not be. */
  otherSlotFingerprint: string | null;
}

export type CheckResult = { ok: true; facts: CertificateFacts } | { ok: false; message: Message };

const field = 'pem';
const dayMs = 86_400_000;
const anyBlock = /-----BEGIN ([A-Z0-9 ]+)-----/g;
const certificateBlock = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]*)-----END CERTIFICATE-----/;
const curveNames: Readonly<Record<string, string>> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521', prime192v1: 'P-192', secp224r1: 'P-224' };

function refuse(key: EppCertificateProblem, params?: Record<string, string | number>): CheckResult {
  return { ok: false, message: message(key, { field, ...(params ? { params } : {}) }) };
}

/** The PEM armour around a DER, 64 characters a line. */
function toPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----', ''].join('\n');
}

/** `SHA-256 with RSA`, `ECDSA with SHA-384`, or what the parser named for anything else. */
function signatureName(algorithm: { name?: string; hash?: { name?: string } | string }): { name: string; hash: string | undefined } {
  const hash = typeof algorithm.hash === 'string' ? algorithm.hash : algorithm.hash?.name;
  const name = algorithm.name ?? 'unknown';
  if (!hash) return { name, hash };
  if (name === 'ECDSA') return { name: `ECDSA with ${hash}`, hash };
  if (name === 'RSA-PSS') return { name: `${hash} with RSA-PSS`, hash };
  if (name === 'RSASSA-PKCS1-v1_5') return { name: `${hash} with RSA`, hash };
  return { name: `${name} with ${hash}`, hash };
}

function keyOf(certificate: NodeCertificate): { type: 'RSA' | 'ECDSA'; size: number; strong: boolean } | { type: string; size: null; strong: false } {
  const { asymmetricKeyType, asymmetricKeyDetails } = certificate.publicKey;
  if (asymmetricKeyType === 'rsa' || asymmetricKeyType === 'rsa-pss') {
    const size = asymmetricKeyDetails?.modulusLength ?? 0;
    return { type: 'RSA', size, strong: size >= eppCertificateRules.minRsaBits };
  }
  if (asymmetricKeyType === 'ec') {
    const curve = curveNames[asymmetricKeyDetails?.namedCurve ?? ''] ?? asymmetricKeyDetails?.namedCurve ?? 'unknown';
    const size = Number(/^P-(\d+)$/.exec(curve)?.[1] ?? 0);
    return { type: 'ECDSA', size, strong: (eppCertificateRules.curves as readonly string[]).includes(curve) };
  }
  return { type: asymmetricKeyType ?? 'unknown', size: null, strong: false };
}

function keyText(key: ReturnType<typeof keyOf>): string {
  if (key.size === null) return key.type;
  return key.type === 'RSA' ? `RSA ${key.size} bits` : `ECDSA P-${key.size}`;
}

/** Whole days a certificate is valid for; the second RFC 5280 counts inclusively is not a day more. */
export function validityDays(notBefore: Date, notAfter: Date): number {
  return Math.ceil((notAfter.getTime() - notBefore.getTime() - 1000) / dayMs);
}

/**
 * The certificate's facts, or the first reason to refuse it (one message on `pem`). A private key
 * anywhere in the text is refused before anything else is read, and nothing of it is returned.
 */
export function checkCertificate(text: string, context: CheckContext): CheckResult {
  const blocks = [...text.matchAll(anyBlock)].map((match) => match[1] ?? '');
  if (blocks.some((label) => label.endsWith('PRIVATE KEY'))) return refuse('eppCertificate.privateKey');
  if (blocks.length !== 1 || blocks[0] !== 'CERTIFICATE') return refuse('eppCertificate.notOneCertificate');
  const body = certificateBlock.exec(text)?.[1];
  if (body === undefined) return refuse('eppCertificate.notOneCertificate');
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  let node: NodeCertificate;
  let parsed: x509.X509Certificate;
  try {
    node = new NodeCertificate(der);
    parsed = new x509.X509Certificate(der);
  } catch {
    return refuse('eppCertificate.unreadable');
  }
  const notBefore = parsed.notBefore;
  const notAfter = parsed.notAfter;
  if (context.now < notBefore) return refuse('eppCertificate.notYetValid', { date: formatDateTime(notBefore) });
  if (context.now > notAfter) return refuse('eppCertificate.expired', { date: formatDateTime(notAfter) });
  const key = keyOf(node);
  if (!key.strong || key.size === null) return refuse('eppCertificate.weakKey', { key: keyText(key) });
  let signature: { name: string; hash: string | undefined };
  try {
    signature = signatureName(parsed.signatureAlgorithm);
  } catch {
    signature = { name: 'an unknown algorithm', hash: undefined };
  }
  if (!signature.hash || !(eppCertificateRules.hashes as readonly string[]).includes(signature.hash))
    return refuse('eppCertificate.weakSignature', { algorithm: signature.name });
  const days = validityDays(notBefore, notAfter);
  if (days > context.maxValidityDays) return refuse('eppCertificate.validityTooLong', { days, max: context.maxValidityDays });
  const fingerprint = createHash('sha256').update(der).digest('hex');
  if (fingerprint === context.otherSlotFingerprint) return refuse('eppCertificate.inOtherSlot');
  return {
    ok: true,
    facts: {
      pem: toPem(der),
      fingerprint,
      subject: parsed.subject,
      issuer: parsed.issuer,
      serial: node.serialNumber.toUpperCase(),
      keyType: key.type,
      keySize: key.size,
      signatureAlgorithm: signature.name,
      notBefore,
      notAfter,
    },
  };
}
