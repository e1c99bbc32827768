import type { EppCertificateSlot, EppCertificatesResponse, EppCertificateUpload } from '@registrar-panel/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { eppCertificateChangeFields, recordPortalChange } from '../../feed/portal-changes';
import { productNameOf } from '../../identity/directory/identity-mail';
import type { UserDirectory } from '../../identity/directory/user-directory';
import type { Outbox } from '../../mail/outbox';
import type { SignedInUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.repository';
import { findRegistrarEpp, lockRegistrarEpp } from '../epp/epp.repository';
import { checkCertificate } from './certificate-checks';
import { certificateChangeMail, type CertificateChange } from './certificate-mail';
import { certificateRecipients } from './certificate-notices';
import { presentCertificates } from './epp-certificates.presenter';
import { deleteCertificate, listCertificates, putCertificate, type CertificateRow } from './epp-certificates.repository';

export interface EppCertificatesDeps {
  db: Db;
  directory: UserDirectory;
  outbox: Outbox;
  log: Pick<FastifyBaseLogger, 'error'>;
  config: Pick<Config, 'supportEmail' | 'tld' | 'eppCertMaxValidityDays'>;
}

const otherSlot = (slot: EppCertificateSlot): EppCertificateSlot => (slot === 'primary' ? 'failover' : 'primary');
const changed = () => AppError.of(409, 'eppCertificate.changed', { field: 'pem' });

/** The registrar's certificates in both slots. */
export async function listEppCertificates({ db }: Pick<EppCertificatesDeps, 'db'>, actor: SignedInUser): Promise<EppCertificatesResponse> {
  if (!(await findRegistrarEpp(db, actor.registrarHandle))) throw notFound();
  return presentCertificates(await listCertificates(db, actor.registrarHandle), new Date());
}

/**
 * Writes the slot's change with everything that goes with it, in the caller's transaction: the audit
 * entry, the registry's portal change and the notices.
 */
async function recordChange(
  deps: EppCertificatesDeps,
  tx: Db,
  actor: SignedInUser,
  change: CertificateChange,
  recipients: Awaited<ReturnType<typeof certificateRecipients>>,
) {
  const { certificate } = change;
  const details = { slot: certificate.slot, fingerprint: certificate.fingerprint, subject: certificate.subject, notAfter: certificate.notAfter.toISOString() };
  if (change.kind === 'replace') await recordAudit(tx, actor, 'epp.certificate.replace', { ...details, replaced: change.replaced });
  else await recordAudit(tx, actor, change.kind === 'upload' ? 'epp.certificate.upload' : 'epp.certificate.remove', details);
  const context = {
    registrarHandle: actor.registrarHandle,
    actor,
    at: new Date(),
    supportEmail: deps.config.supportEmail,
    productName: productNameOf(deps.config.tld),
  };
  await deps.outbox.add(tx, ...recipients.map(({ email, language }) => ({ to: email, ...certificateChangeMail(change, context, language) })));
}

const mailFacts = (row: Pick<CertificateRow, 'subject' | 'fingerprint' | 'notAfter'>, slot: EppCertificateSlot) => ({
  slot,
  subject: row.subject,
  fingerprint: row.fingerprint,
  notAfter: row.notAfter,
});

/**
 * Puts a checked certificate in the slot. The registrar's row is locked for the transaction, so
 * changes of its certificates are made one at a time; `replaces` must name what the slot holds by
 * then (null: empty), else 409: of two parallel uploads to one slot, one wins and the other is told.
 * The refused text is never stored or logged: only the facts of an accepted certificate go on.
 */
export async function uploadEppCertificate(
  deps: EppCertificatesDeps,
  actor: SignedInUser,
  slot: EppCertificateSlot,
  input: EppCertificateUpload,
): Promise<EppCertificatesResponse> {
  const now = new Date();
  const checked = checkCertificate(input.pem, { now, maxValidityDays: deps.config.eppCertMaxValidityDays, otherSlotFingerprint: null });
  if (!checked.ok) throw new AppError(400, [checked.message]);
  const { facts } = checked;
  const recipients = await certificateRecipients(deps, actor.registrarHandle);
  return deps.db.transaction(async (tx) => {
    if (!(await lockRegistrarEpp(tx, actor.registrarHandle))) throw notFound();
    const rows = await listCertificates(tx, actor.registrarHandle);
    const current = rows.find((row) => row.slot === slot);
    if ((current?.fingerprint ?? null) !== input.replaces) throw changed();
    if (rows.some((row) => row.slot === otherSlot(slot) && row.fingerprint === facts.fingerprint))
      throw AppError.of(400, 'eppCertificate.inOtherSlot', { field: 'pem' });
    // The same certificate again: nothing changes, nothing is told.
    if (current?.fingerprint === facts.fingerprint) return presentCertificates(rows, now);
    await putCertificate(tx, actor.registrarHandle, slot, facts, actor.username);
    await recordPortalChange(tx, actor, eppCertificateChangeFields[slot], { pem: facts.pem, fingerprint: facts.fingerprint });
    const certificate = mailFacts(facts, slot);
    await recordChange(
      deps,
      tx,
      actor,
      current ? { kind: 'replace', certificate, replaced: current.fingerprint } : { kind: 'upload', certificate },
      recipients,
    );
    return presentCertificates(await listCertificates(tx, actor.registrarHandle), now);
  });
}

/** Empties the slot, if it still holds the certificate `fingerprint` (else 409), under the same lock as an upload. */
export async function removeEppCertificate(
  deps: EppCertificatesDeps,
  actor: SignedInUser,
  slot: EppCertificateSlot,
  fingerprint: string,
): Promise<EppCertificatesResponse> {
  const recipients = await certificateRecipients(deps, actor.registrarHandle);
  return deps.db.transaction(async (tx) => {
    if (!(await lockRegistrarEpp(tx, actor.registrarHandle))) throw notFound();
    const current = (await listCertificates(tx, actor.registrarHandle)).find((row) => row.slot === slot);
    if (!current || current.fingerprint !== fingerprint) throw changed();
    await deleteCertificate(tx, actor.registrarHandle, slot);
    await recordPortalChange(tx, actor, eppCertificateChangeFields[slot], null);
    await recordChange(deps, tx, actor, { kind: 'remove', certificate: mailFacts(current, slot) }, recipients);
    return presentCertificates(await listCertificates(tx, actor.registrarHandle), new Date());
  });
}
