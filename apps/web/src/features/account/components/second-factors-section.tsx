import { confirmTotpEnrolmentSchema, type ConfirmTotpEnrolment, type MyAccount, type TotpEnrolment } from '@registrar-panel/contract';
import { useState } from 'react';
import { Badge, Button, Form, ListGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { TextField } from '../../../components/form-field';
import { Icon } from '../../../components/icon';
import { useRefusal } from '../../../components/refusable';
import { SectionCard } from '../../../components/section-card';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth';
import { contractResolver } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useConfirmTotpEnrolment, wrongCodeKey } from '../api/confirm-totp-enrolment';
import { useStartTotpEnrolment } from '../api/start-totp-enrolment';
import { PasskeysFactor } from './passkeys-factor';
import { useRecentSignIn } from './use-recent-sign-in';
import phoneIcon from 'bootstrap-icons/icons/phone.svg?raw';
import shieldLockIcon from 'bootstrap-icons/icons/shield-lock.svg?raw';

/**
 * The second factors of the sign-in, one item each: the authenticator app (TOTP) and the passkeys.
 */
export function SecondFactorsSection({ account }: { account: MyAccount }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="account-factors" title={t('account.factors.title')} icon={shieldLockIcon} flush>
      <ListGroup variant="flush">
        <ListGroup.Item className="py-3">
          <TotpFactor account={account} />
        </ListGroup.Item>
        <ListGroup.Item className="py-3">
          <PasskeysFactor credentialsAt={account.credentialsAt} />
        </ListGroup.Item>
      </ListGroup>
    </SectionCard>
  );
}

/** The secret as an app shows it: groups of four characters. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function TotpFactor({ account }: { account: MyAccount }) {
  const { t } = useTranslation();
  const recentSignIn = useRecentSignIn();
  const start = useStartTotpEnrolment();
  const refusal = useRefusal('POST /me/totp');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const begin = () =>
    account.credentialsAt === 'portal'
      ? recentSignIn(() => start.mutate(undefined, { onSuccess: setEnrolment }))
      : void authSession.get()?.reauthenticate(paths.account, { action: 'CONFIGURE_TOTP' });
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div className="d-flex align-items-center gap-2">
          <span className="fw-semibold">{t('account.factors.totp')}</span>
          {account.hasTotp ? <Badge bg="success">{t('account.factors.inUse')}</Badge> : <Badge bg="secondary">{t('account.factors.notSet')}</Badge>}
        </div>
        {!enrolment && (
          <Button variant="outline-primary" onClick={begin} disabled={start.isPending || refusal.refused} {...refusal.props} data-testid="account-totp-start">
            {t('account.factors.newTotp')}
          </Button>
        )}
      </div>
      <p className="text-body-secondary small mb-0 mt-2">{t('account.factors.totpIntro')}</p>
      {enrolment && <TotpEnrolmentForm enrolment={enrolment} onDone={() => setEnrolment(null)} />}
    </>
  );
}

function TotpEnrolmentForm({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmTotpEnrolment();
  const form = useForm<ConfirmTotpEnrolment, unknown, ConfirmTotpEnrolment>({
    mode: 'onChange',
    resolver: contractResolver(confirmTotpEnrolmentSchema),
    defaultValues: { enrolment: enrolment.enrolment, code: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      alerts.success(t('account.factors.totpReplaced'));
      onDone();
    } catch (error) {
      const wrong = error instanceof ApiError ? error.has(wrongCodeKey) : undefined;
      if (wrong) form.setError('code', { type: wrong.messageKey, message: wrong.defaultMessage }, { shouldFocus: true });
    }
  });
  return (
    <div className="mt-3 account-enrolment" data-testid="account-totp-enrolment">
      <p className="d-flex align-items-center gap-2 mb-2">
        <Icon svg={phoneIcon} />
        {t('account.factors.scan')}
      </p>
      <div className="d-flex flex-column flex-sm-row gap-3 align-items-sm-start">
        <img src={enrolment.qrDataUrl} width={160} height={160} alt={t('account.factors.qrAlt')} className="account-qr border rounded" />
        <div className="flex-grow-1">
          <p className="mb-1 small">{t('account.factors.manual')}</p>
          <p className="font-monospace fw-semibold account-secret" data-testid="account-totp-secret">
            {grouped(enrolment.secret)}
          </p>
          <Form noValidate onSubmit={(event) => void submit(event)} className="account-form">
            <TextField form={form} name="code" label={t('account.factors.code')} required autoComplete="one-time-code" />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={!form.formState.isValid || confirm.isPending} data-testid="account-totp-confirm">
                {t('account.factors.confirm')}
              </Button>
              <Button variant="outline-secondary" onClick={onDone}>
                {t('account.cancel')}
              </Button>
            </div>
          </Form>
        </div>
      </div>
    </div>
  );
}
