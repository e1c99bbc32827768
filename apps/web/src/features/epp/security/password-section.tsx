import { can, eppPasswordResetLinkMinutes, type EppPasswordLife } from '@registrar-panel/contract';
import envelopeIcon from 'bootstrap-icons/icons/envelope.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import keyIcon from 'bootstrap-icons/icons/key.svg?raw';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailList } from '../../../components/detail-list';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import { SectionCard } from '../../../components/section-card';
import { alerts } from '../../../lib/alerts';
import { useCurrentUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { usePasswordLife } from '../api/get-password-life';
import { useResetLinkRecipients } from '../api/get-reset-link-recipients';
import { useRequestResetLink } from '../api/request-reset-link';
import { useFormats } from '../../../lib/formats';

const dayMs = 86_400_000;

/**
 * The EPP password's life on the security page (issue 31): when it was last changed (Brussels time)
 * and by whom, a warning once it is older than the registry's policy, and for ADMIN users a reset
 * link mailed to every ADMIN, for when nobody knows the current password.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const { data: life } = usePasswordLife();
  const user = useCurrentUser();
  const mayReset = user !== null && can(user.roles, 'resetEppPassword');
  return (
    <SectionCard id="epp-password-life" title={t('epp.security.password.title')} icon={keyIcon} className="mb-4">
      {life && <PasswordAge life={life} />}
      <p className="mb-3">
        <Link to={paths.eppPassword}>{t('epp.security.password.change')}</Link>
      </p>
      {/* Without a password there is nothing to forget: the Password tab sets the first one. */}
      {mayReset && life?.set && <ResetLink />}
    </SectionCard>
  );
}

function PasswordAge({ life }: { life: EppPasswordLife }) {
  const { t } = useTranslation();
  const formats = useFormats();
  // The page's moment, taken once: the age in days does not move while the page is open.
  const [now] = useState(() => Date.now());
  if (!life.set) return <p>{t('epp.security.password.notSet')}</p>;
  const days = life.changedAt ? Math.floor((now - Date.parse(life.changedAt)) / dayMs) : null;
  const rows = [
    {
      name: 'changedAt',
      label: t('epp.security.password.lastChanged'),
      value: life.changedAt
        ? `${formats.registrationDate(life.changedAt)} (${t('epp.security.password.age', { count: days ?? 0 })})`
        : t('epp.security.password.unknown'),
    },
    { name: 'changedBy', label: t('epp.security.password.changedBy'), value: life.changedBy ?? t('epp.security.password.byRegistry') },
  ];
  return (
    <>
      <DetailList rows={rows} labels="wide" />
      {life.tooOld ? (
        <Alert variant="warning" className="d-flex gap-2 align-items-start mt-3" data-testid="epp-password-too-old">
          <Icon svg={exclamationTriangleIcon} />
          <span>{t('epp.security.password.tooOld', { count: life.maxAgeDays })}</span>
        </Alert>
      ) : (
        <p className="small text-body-secondary mt-2">{t('epp.security.password.policy', { count: life.maxAgeDays })}</p>
      )}
    </>
  );
}

function ResetLink() {
  const { t } = useTranslation();
  const formats = useFormats();
  const [asking, setAsking] = useState(false);
  const recipients = useResetLinkRecipients(asking);
  const request = useRequestResetLink();
  const refusal = useRefusal('POST /registrar/epp/password/resetLink');

  const confirm = () => {
    request.mutate(undefined, {
      onSuccess: (sent) => {
        setAsking(false);
        alerts.success(t('epp.security.password.sent', { count: sent.recipients, time: formats.registrationDate(sent.expiresAt) }));
      },
      onError: () => setAsking(false),
    });
  };

  return (
    <div className="border-top pt-3">
      <p className="mb-2">{t('epp.security.password.forgot')}</p>
      <Button variant="outline-primary" onClick={() => setAsking(true)} disabled={refusal.refused} {...refusal.props}>
        <Icon svg={envelopeIcon} className="me-2" />
        {t('epp.security.password.requestLink')}
      </Button>
      <ConfirmDialog
        id="epp-reset-link-confirm"
        show={asking}
        title={t('epp.security.password.confirmTitle')}
        cancelLabel={t('epp.security.password.cancel')}
        confirmLabel={t('epp.security.password.confirm')}
        confirmVariant="primary"
        confirmIcon={envelopeIcon}
        pending={request.isPending || recipients.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      >
        {recipients.data && (
          <>
            <p>{t('epp.security.password.confirmText', { count: recipients.data.length })}</p>
            <ul className="mb-3" data-testid="epp-reset-link-recipients">
              {recipients.data.map((admin) => (
                <li key={admin.username} className="text-break">
                  {admin.name} ({admin.email})
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="mb-0">{t('epp.security.password.confirmValidity', { count: eppPasswordResetLinkMinutes })}</p>
      </ConfirmDialog>
    </div>
  );
}
