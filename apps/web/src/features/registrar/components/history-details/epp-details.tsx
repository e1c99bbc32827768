import type { AuditDetails } from '@registrar-panel/contract';
import { useTranslation } from '../../../../lib/use-translation';
import { Labelled, Lines } from './lines';

/** The EPP allow-list saved: what was added and what was removed. */
export function IpListDetails({ details }: { details: Partial<AuditDetails['epp.ipAddresses.update']> }) {
  const { t } = useTranslation();
  const before = details.before ?? [];
  const after = details.after ?? [];
  const added = after.filter((ip) => !before.includes(ip));
  const removed = before.filter((ip) => !after.includes(ip));
  if (added.length === 0 && removed.length === 0) return <>{t('registrar.history.details.noChange')}</>;
  const list = (ips: string[]) => <span className="font-monospace text-break">{ips.join(', ')}</span>;
  return (
    <Lines>
      {added.length > 0 && (
        <li>
          <Labelled label={t('registrar.history.details.added')}>{list(added)}</Labelled>
        </li>
      )}
      {removed.length > 0 && (
        <li>
          <Labelled label={t('registrar.history.details.removed')}>{list(removed)}</Labelled>
        </li>
      )}
    </Lines>
  );
}

/** The EPP password changed: only whether it was the first one (never the password). */
export function PasswordDetails({ details }: { details: Partial<AuditDetails['epp.password.update']> }) {
  const { t } = useTranslation();
  return details.firstTime === true ? <>{t('registrar.history.details.firstPassword')}</> : null;
}

/** A reset link asked for: how many ADMIN users it was mailed to (never the link). */
export function ResetLinkRequestDetails({ details }: { details: Partial<AuditDetails['epp.password.resetLinkRequest']> }) {
  const { t } = useTranslation();
  return details.recipients === undefined ? null : <>{t('registrar.history.details.resetLinkRecipients', { count: details.recipients })}</>;
}

/** The password set with a link: who had asked for it (never the password). */
export function ResetLinkUseDetails({ details }: { details: Partial<AuditDetails['epp.password.resetLinkUse']> }) {
  const { t } = useTranslation();
  return details.requestedBy === undefined ? null : <>{t('registrar.history.details.resetLinkRequestedBy', { username: details.requestedBy })}</>;
}
