import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { FastifyInstance } from 'fastify';
import { eppClientCertificates } from '../db/schema';
import { checkCertificate } from '../modules/epp-certificates/certificate-checks';

const dayMs = 86_400_000;

/**
 * The demo registrar acme's primary EPP client certificate, made at seeding so its dates follow the
 * clock: a 397-day ECDSA certificate with 27 days left, so the Security page shows a certificate, its
 * warning, and an empty failover slot to roll over into. Its key is thrown away: no client can use it.
 */
export async function seedDemoCertificates(app: FastifyInstance, now: Date = new Date()): Promise<void> {
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
  await app.db
    .insert(eppClientCertificates)
    .values({ registrarHandle: 'acme', slot: 'primary', ...checked.facts, uploadedBy: 'admin@acme', uploadedAt: new Date(notBefore.getTime() + dayMs) })
    .onConflictDoNothing();
}
