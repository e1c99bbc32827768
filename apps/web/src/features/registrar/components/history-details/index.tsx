import type { HistoryEntry, SignInHistoryEntry } from '@registrar-panel/contract';
import { AccountDetails } from './account-details';
import { ApiKeyDetails } from './api-key-details';
import { CertificateDetails } from './certificate-details';
import { ContactDetails } from './contact-details';
import { DownloadDetails } from './download-details';
import { IpListDetails, PasswordDetails, ResetLinkRequestDetails, ResetLinkUseDetails } from './epp-details';
import { LanguageDetails } from './language-details';
import { OtherDetails } from './other-details';
import { PersonalDataDetails } from './personal-data-details';
import { UserDetails } from './user-details';
import { WebhookDetails } from './webhook-details';

/*
 * The details of a history entry as people read them, one renderer per kind of action. The server
 * sends each audit entry's details in its action's shape, leaving out what an older row holds
 * otherwise; an action this page does not know shows its details as they are.
 */

export function HistoryDetails({ entry }: { entry: HistoryEntry }) {
  switch (entry.action) {
    case 'registrar.publicContact.update':
    case 'registrar.techContact.update':
    case 'registrar.adminContact.update':
    case 'registrar.abuseContact.update':
      return <ContactDetails details={entry.details} />;
    case 'registrar.language.update':
      return <LanguageDetails details={entry.details} />;
    case 'epp.ipAddresses.update':
      return <IpListDetails details={entry.details} />;
    case 'epp.password.update':
      return <PasswordDetails details={entry.details} />;
    case 'epp.password.resetLinkRequest':
      return <ResetLinkRequestDetails details={entry.details} />;
    case 'epp.password.resetLinkUse':
      return <ResetLinkUseDetails details={entry.details} />;
    case 'user.create':
    case 'user.update':
    case 'user.delete':
    case 'user.totpReset':
    case 'user.activationResend':
    case 'user.disable':
    case 'user.enable':
    case 'user.accessEnd':
    case 'user.passkeysRemove':
    case 'user.secondFactorsRecover':
    case 'registrar.passkeyPolicy.update':
      return <UserDetails details={entry.details} />;
    case 'apiKey.create':
    case 'apiKey.revoke':
      return <ApiKeyDetails details={entry.details} />;
    case 'download.domainReport':
    case 'download.billing':
    case 'download.searchExport':
    case 'download.forecast':
    case 'download.historyExport':
    case 'download.reconciliation':
    case 'download.portfolioOnDate':
    case 'download.portfolioChanges':
      return <DownloadDetails details={entry.details} />;
    case 'reconciliation.upload':
      return <DownloadDetails details={{ fileName: entry.details.fileName ?? undefined, rows: entry.details.lines }} />;
    case 'epp.certificate.upload':
    case 'epp.certificate.replace':
    case 'epp.certificate.remove':
      return <CertificateDetails details={entry.details} />;
    case 'webhook.create':
    case 'webhook.update':
    case 'webhook.delete':
    case 'webhook.enable':
    case 'webhook.disable':
    case 'webhook.secretRotate':
      return <WebhookDetails details={entry.details} />;
    case 'account.password.change':
    case 'account.totp.change':
    case 'account.session.end':
    case 'account.sessions.endOthers':
    case 'account.passkey.add':
    case 'account.passkey.remove':
    case 'account.passkey.rename':
      return <AccountDetails details={entry.details} />;
    case 'personalData.read':
      return <PersonalDataDetails details={entry.details} />;
    default:
      return <SignInOrUnknown entry={entry} />;
  }
}

/** A sign-in has no details: its action says it all. Typed so that an audit action without a case above does not compile. */
function SignInOrUnknown({ entry }: { entry: SignInHistoryEntry }) {
  return entry.action.startsWith('signIn.') ? null : <OtherDetails details={entry.details} />;
}
