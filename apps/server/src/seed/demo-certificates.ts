import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { FastifyInstance } from 'fastify';
import { eppClientCertificates } from '../db/schema';
import { checkCertificate, type CertificateFacts } from '../modules/epp-certificates/certificate-checks';

const dayMs = 86_400_000;

export interface DemoCertificate {
  facts: CertificateFacts;
  notBefore: Date;
}

/**
 * The demo registrar acme's primary EPP client certificate, made at seeding so its dates follow the
 * clock: a 397-day ECDSA certificate with 27 days left, so the Security page shows a certificate, its
 * warning, and an empty failover slot to roll over into. Its key is thrown away: no client can use it.
 * Made before the registry data, whose generated connections present its fingerprint.
 */
export async function makeDemoCertificate(now: Date = new Date()): Promise<DemoCertificate> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(algorithm, false, ['sign', 'verify']);
  const notBefore = new Date(now.getTime() - 370 * dayMs);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '5e3d9a01c7',
    name: 'CN=epp-client.acme.example, O=Acme Registrar NV, C=BE',
    notBefore,
    notAfter: new Date(notBefore.getTime() + 397 * dayMs),
    keys,
    signingAlgorithm: algorithm,
  });
  const checked = checkCertificate(certificate.toString('pem'), { now, maxValidityDays: 397, otherSlotFingerprint: null });
  if (!checked.ok) throw new Error(`demo certificate refused: ${checked.message.messageKey}`);
  return { facts: checked.facts, notBefore };
}

/** The registrar whose primary slot holds the demo certificate. */
export const demoCertificateRegistrar = 'acme';

/** Puts the demo certificate on file, once the registrar exists. */
export async function seedDemoCertificates(app: FastifyInstance, { facts, notBefore }: DemoCertificate): Promise<void> {
  await app.db
    .insert(eppClientCertificates)
    .values({
      registrarHandle: demoCertificateRegistrar,
      slot: 'primary',
      ...facts,
      uploadedBy: 'admin@acme',
      uploadedAt: new Date(notBefore.getTime() + dayMs),
    })
    .onConflictDoNothing();
}
